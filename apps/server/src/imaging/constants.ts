/** The imaging service's numbers and names, each defined once (README.md beside this file). */

/**
 * What a trim's source may be: the upload pipeline's checks (uploads/probe.ts) with these limits.
 * A source may run far longer than a trim (a clip one cuts a moment out of): seeking in it costs
 * little, and what is decoded is bounded by the trim's own duration and the rendition budget.
 */
export const TRIM_SOURCE_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxDurationS: 10 * 60,
  maxPixels: 4096 * 4096,
  maxFrames: 10 * 60 * 60,
} as const;

/** The longest one trim may take, source fetching aside (its decode and its encode are each bounded by it). */
export const TRIM_TIMEOUT_MS = 120_000;

/** Trims made at once, how many may wait, and how long one may wait before it is refused (503, Retry-After). */
export const TRIM_CONCURRENCY = 1;
export const TRIM_QUEUE = 4;
export const TRIM_MAX_WAIT_MS = 60_000;
/** A trim's expected time before any was measured, for Retry-After. */
export const TRIM_EXPECTED_MS = 3_000;

/** What a trim answers with, and each format's file in the media pipeline's output. */
export const TRIM_FORMATS = {
  gif: { file: 'giphy.gif', type: 'image/gif' },
  mp4: { file: 'giphy.mp4', type: 'video/mp4' },
  webp: { file: 'giphy.webp', type: 'image/webp' },
} as const;
export type TrimFormat = keyof typeof TRIM_FORMATS;

/** Headers telling what the answer holds (its frames and its duration in seconds). */
export const FRAMES_HEADER = 'X-Loopbox-Frames';
export const DURATION_HEADER = 'X-Loopbox-Duration';

/** The service's paths below the edge's `/imaging/*` route. */
export const TRIM_PATH = '/imaging/trim';

/** The GIF maker's edit list (edit-list.ts): its bounds, fonts and animations are shared with the maker's page. */
export {
  CAPTION_ANIMATIONS,
  CAPTION_BASELINE,
  CAPTION_FONTS,
  CAPTION_MAX_CHARS,
  CAPTION_OUTLINE,
  CAPTION_SIZE,
  EDIT_MAX_CAPTIONS,
  EDIT_MAX_STICKERS,
  STICKER_ROTATION_MAX,
  STICKER_SCALE,
  TRIM_MAX_DURATION_S,
  TRIM_MIN_DURATION_S,
  type CaptionAnimation,
  type CaptionFont,
} from '@loopbox/pages';
export const RENDER_PATH = '/imaging/render';
