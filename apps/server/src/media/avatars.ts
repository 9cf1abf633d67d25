import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { escapeXml } from '../seed/art.ts';

/** Avatar variants GIPHY clients request by rewriting `{name}.jpg` to `{name}/{variant}.jpg`. */
export const AVATAR_VARIANTS = { '200h': { height: 200 }, '80h': { height: 80 }, '200w': { width: 200 } } as const;

/**
 * Draws an initials avatar and writes it with its variants under `mediaDir/avatars/{username}/`.
 * Returns the path relative to the media root.
 */
export async function makeAvatar(mediaDir: string, username: string, displayName: string, hue: number): Promise<string> {
  const dir = path.join(mediaDir, 'avatars', username);
  const relative = `avatars/${username}/avatar.jpg`;
  const initials = escapeXml(displayName.split(/\s+/).map((w) => w[0] ?? '').join('').slice(0, 2).toUpperCase());
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue},65%,55%)"/><text x="200" y="250" font-family="DejaVu Sans" font-weight="bold" font-size="160" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  const base = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  await fs.mkdir(path.join(dir, 'avatar'), { recursive: true });
  await base.clone().jpeg({ quality: 85 }).toFile(path.join(mediaDir, relative));
  for (const [variant, size] of Object.entries(AVATAR_VARIANTS)) {
    await base.clone().resize(size).jpeg({ quality: 85 }).toFile(path.join(dir, 'avatar', `${variant}.jpg`));
  }
  return relative;
}
