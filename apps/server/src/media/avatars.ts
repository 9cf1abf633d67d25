import sharp from 'sharp';
import { escapeXml } from './svg-text.ts';
import type { MediaStore } from '../media-store/media-store.ts';

/** Avatar variants GIPHY clients request by rewriting `{name}.jpg` to `{name}/{variant}.jpg`. */
export const AVATAR_VARIANTS = { '200h': { height: 200 }, '80h': { height: 80 }, '200w': { width: 200 } } as const;

/**
 * Draws an initials avatar and stores it with its variants under `avatars/{username}/`.
 * Returns its key (the path below `/media/`).
 */
export async function makeAvatar(store: MediaStore, username: string, displayName: string, hue: number): Promise<string> {
  const relative = `avatars/${username}/avatar.jpg`;
  const initials = escapeXml(
    displayName
      .split(/\s+/)
      .map((w) => w[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue},65%,55%)"/><text x="200" y="250" font-family="DejaVu Sans" font-weight="bold" font-size="160" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
  const base = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  const variants = await Promise.all(
    Object.entries(AVATAR_VARIANTS).map(async ([variant, size]) => ({
      key: `avatars/${username}/avatar/${variant}.jpg`,
      body: await base.clone().resize(size).jpeg({ quality: 85 }).toBuffer(),
      contentType: 'image/jpeg',
    })),
  );
  // The variants first: the avatar itself is what a reseed looks for.
  await store.putMany(variants);
  await store.put({ key: relative, body: await base.clone().jpeg({ quality: 85 }).toBuffer(), contentType: 'image/jpeg' });
  return relative;
}
