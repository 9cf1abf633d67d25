/** The imaging service's numbers and names, each defined once (README.md beside this file). */

/** A trim lasts at least this long and at most this long (seconds). */
export const TRIM_MIN_DURATION_S = 0.1;
export const TRIM_MAX_DURATION_S = 15;

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

/** The GIF maker's edit list (edit-list.ts): how many layers, how long a caption, which fonts and animations. */
export const EDIT_MAX_CAPTIONS = 3;
export const EDIT_MAX_STICKERS = 5;
export const CAPTION_MAX_CHARS = 80;
/** A caption's size and a sticker's width, as fractions of the frame's height and width. */
export const CAPTION_SIZE = { min: 0.04, max: 0.3 } as const;
export const STICKER_SCALE = { min: 0.05, max: 1 } as const;
/** Caption fonts by name, each a family the server has (DejaVu) and the browser preview falls back from. */
export const CAPTION_FONTS = {
  sans: 'DejaVu Sans',
  serif: 'DejaVu Serif',
  mono: 'DejaVu Sans Mono',
} as const;
export type CaptionFont = keyof typeof CAPTION_FONTS;
export const CAPTION_ANIMATIONS = ['none', 'fade', 'pulse', 'typewriter'] as const;
export type CaptionAnimation = (typeof CAPTION_ANIMATIONS)[number];
/** A caption's outline, as a share of its size (dark, so light text reads on any frame). */
export const CAPTION_OUTLINE = 0.08;
export const RENDER_PATH = '/imaging/render';
