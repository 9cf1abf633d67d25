/** The tallest the GIF is shown on its page, in pixels. */
export const MEDIA_MAX_HEIGHT = 540;
/** Small GIFs are enlarged at most this much. */
export const MEDIA_MAX_SCALE = 2;

/** The GIF's display size: its aspect ratio kept, within the column's width and MEDIA_MAX_HEIGHT. */
export function mediaSize(original: { width: number; height: number }, columnWidth: number): { width: number; height: number } {
  if (original.width <= 0 || original.height <= 0 || columnWidth <= 0) return { width: Math.max(columnWidth, 0), height: 0 };
  const scale = Math.min(columnWidth / original.width, MEDIA_MAX_HEIGHT / original.height, MEDIA_MAX_SCALE);
  return { width: Math.round(original.width * scale), height: Math.round(original.height * scale) };
}
