/** The GIPHY usage-report actions a pingback may carry (SPEC 7.7). */
export const PINGBACK_ACTIONS = ['SEEN', 'CLICK', 'HOVER', 'START', 'SENT'] as const;
export type PingbackAction = (typeof PINGBACK_ACTIONS)[number];
export const LAYOUT_TYPES = ['GRID', 'CAROUSEL', 'GIF', 'VIDEO', 'EMBED'] as const;

export const MAX_EVENTS_PER_BATCH = 500;
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_EVENT_ID_LENGTH = 64;
/** Batches being committed at once before new ones are shed with 429. */
export const MAX_BATCHES_IN_FLIGHT = 32;
export const RETRY_AFTER_S = 1;
/** Client clocks are trusted within this window; outside it the server's receive time is used. */
export const MAX_CLOCK_SKEW_MS = 7 * 24 * 3_600_000;
