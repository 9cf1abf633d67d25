import type { StoredImages } from '../store/schema.ts';

/** A small moving preview of a GIF for staff pages (same-origin path), or '' when it has no GIF rendition. */
export function previewPath(gifId: string, images: StoredImages): string {
  const file = images.fixed_width?.gif?.file ?? images.original?.gif?.file ?? images.original?.webp?.file;
  return file ? `/media/${gifId}/${file}` : '';
}
