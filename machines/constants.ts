// Spec constants used by the machines (SPEC 4, 8, 9). Each value is named once here.

// Embed view (SPEC 4.1, 9)
export const HOVER_IN_DELAY_MS = 150;
export const HOVER_OUT_DELAY_GRID_ACTIVE_MS = 1000;
export const HOVER_OUT_DELAY_MS = 70;
export const READY_FALLBACK_MS = 700;
export const RESIZE_THROTTLE_MS = 500;
/** SPEC 9: the raised desktop footer's offset is the measured related-grid height plus this (the footer bar). */
export const FOOTER_OFFSET_EXTRA_PX = 72;

/** First-host player states that show the back-to-GIF control: 0 ended, 2 paused. */
export const FIRST_HOST_BACK_TO_GIF_STATES: readonly number[] = [0, 2];

// Embed analytics (SPEC 7.7)
export const EMBED_ANALYTICS_CATEGORY = 'Embed';
/** The label of the Hover action, sent once each time a hover is applied. */
export const EMBED_HOVER_LABEL = 'Image';

// Grid and Carousel (SPEC 4.2, 9)
export const GRID_FETCH_DEBOUNCE_MS = 250;
export const CAROUSEL_FETCH_DEBOUNCE_MS = 100;

// Video (SPEC 3, 4.4, 8, 9)
export const DEFAULT_VIDEO_LOOP = true;
export const CONTROLS_FADE_IN_MS = 250;
export const QUARTILES = [0.25, 0.5, 0.75] as const;
export type Quartile = (typeof QUARTILES)[number];
/** Videos shorter than this show a full progress bar once past the threshold below. */
export const SHORT_VIDEO_MAX_DURATION_S = 10;
export const SHORT_VIDEO_FULL_PROGRESS_THRESHOLD = 0.98;
/** A rendition may be up to this many pixels smaller than its container. */
export const RENDITION_TOLERANCE_PX = 50;

/**
 * MediaError codes 1..4 and their messages, verbatim from SPEC 8 (codes 2 and 3 are
 * given there as 'Network Error...' and 'Decode Error...'). `{ext}` is the file extension.
 */
export const VIDEO_ERROR_MESSAGES = {
  1: "Aborted. The fetching process for the media resource was aborted by the user agent at the user's request.",
  2: 'Network Error...',
  3: 'Decode Error...',
  4: 'Can not play a video of type "{ext}" on this platform.',
} as const;
export type VideoErrorCode = keyof typeof VIDEO_ERROR_MESSAGES;
