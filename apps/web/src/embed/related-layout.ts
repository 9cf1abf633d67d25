import { EMBED_FIT_SIZE } from '@loopbox/pages';
import { RELATED_BELOW_MIN_HEIGHT_PX, RELATED_BESIDE_MAX_WIDTH_PX, RELATED_BESIDE_MIN_WIDTH_PX } from './constants.ts';

export interface Size {
  width: number;
  height: number;
}

/** Beside or below the GIF, `roomPx` wide or high; or behind the More button, over the GIF. */
export type RelatedLayout = { kind: 'beside'; roomPx: number } | { kind: 'below'; roomPx: number } | { kind: 'onDemand' };

/** The GIF's size in the frame: fitted into 480×480 as the embed code does, and never past the frame. */
export function fittedGifSize(frame: Size, gif: Size): Size {
  if (gif.width <= 0 || gif.height <= 0)
    return { width: Math.min(frame.width, EMBED_FIT_SIZE), height: Math.min(frame.height, EMBED_FIT_SIZE) };
  const scale = Math.min(EMBED_FIT_SIZE / gif.width, EMBED_FIT_SIZE / gif.height, frame.width / gif.width, frame.height / gif.height);
  return { width: Math.round(gif.width * scale), height: Math.round(gif.height * scale) };
}

/**
 * Where the related grid may show without covering the GIF: beside it when the frame is wide enough
 * to keep the GIF's fitted size next to the panel, else below it when tall enough; otherwise it opens
 * only on demand (no frame known yet, as on the server, is on demand too).
 */
export function relatedLayoutOf(frame: Size | undefined, gif: Size): RelatedLayout {
  if (!frame) return { kind: 'onDemand' };
  const fitted = fittedGifSize(frame, gif);
  const beside = frame.width - fitted.width;
  if (beside >= RELATED_BESIDE_MIN_WIDTH_PX) return { kind: 'beside', roomPx: Math.min(beside, RELATED_BESIDE_MAX_WIDTH_PX) };
  const below = frame.height - fitted.height;
  if (below >= RELATED_BELOW_MIN_HEIGHT_PX) return { kind: 'below', roomPx: below };
  return { kind: 'onDemand' };
}
