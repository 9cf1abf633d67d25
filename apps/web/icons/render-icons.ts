/**
 * Renders the site's icons from their SVG sources into apps/web/public (committed; run again after
 * changing a drawing: `npx tsx apps/web/icons/render-icons.ts`):
 * - favicon.ico (16, 32 and 48 px PNGs in an ICO container) from public/static/favicon.svg;
 * - the apple-touch icon (180 px) and the web manifest's 192 and 512 px icons from app-icon.svg,
 *   a full-bleed square whose drawing stays inside the maskable safe zone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { APP_ICON_SIZES, FAVICON_ICO_SIZES } from './sizes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '..', 'public');

const png = (svg: Buffer, size: number) =>
  sharp(svg, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file holding PNG images (Windows Vista's format, read by every browser). */
export function icoOf(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

async function renderIcons(): Promise<void> {
  const favicon = fs.readFileSync(path.join(publicDir, 'static', 'favicon.svg'));
  const images = await Promise.all(FAVICON_ICO_SIZES.map(async (size) => ({ size, data: await png(favicon, size) })));
  fs.writeFileSync(path.join(publicDir, 'favicon.ico'), icoOf(images));
  const app = fs.readFileSync(path.join(here, 'app-icon.svg'));
  for (const [name, size] of Object.entries(APP_ICON_SIZES)) fs.writeFileSync(path.join(publicDir, 'static', name), await png(app, size));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await renderIcons();
