import sharp from 'sharp';
import { FRAME_MAX_SIDE } from './constants.ts';
import type { Frames } from './features.ts';

/** Still images (one per frame, any format sharp reads) stacked as RGBA frames of the first one's size. */
export async function framesFromImages(images: readonly Buffer[]): Promise<Frames> {
  const first = await sharp(images[0], { limitInputPixels: 40_000_000 }).metadata();
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(first.width ?? 1, first.pageHeight ?? first.height ?? 1));
  const width = Math.max(1, Math.round((first.width ?? 1) * scale));
  const height = Math.max(1, Math.round((first.pageHeight ?? first.height ?? 1) * scale));
  const raw = await Promise.all(
    images.map((image) =>
      sharp(image, { limitInputPixels: 40_000_000 }).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer(),
    ),
  );
  return { width, height, frames: raw.length, rgba: Buffer.concat(raw) };
}

/** The frames of a stored animation (a GIF or WebP rendition), at most `max` of them. */
export async function framesFromAnimation(file: string, max = 8): Promise<Frames> {
  const meta = await sharp(file, { animated: true }).metadata();
  const pages = Math.min(meta.pages ?? 1, max);
  const { data, info } = await sharp(file, { pages }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const height = info.pageHeight ?? info.height;
  return { width: info.width, height, frames: Math.max(1, Math.floor(info.height / height)), rgba: data };
}
