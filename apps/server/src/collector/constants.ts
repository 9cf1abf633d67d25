/** The GIPHY usage-report actions a pingback may carry (SPEC 7.7). */
export const PINGBACK_ACTIONS = ['SEEN', 'CLICK', 'HOVER', 'START', 'SENT'] as const;
export type PingbackAction = (typeof PINGBACK_ACTIONS)[number];
export const LAYOUT_TYPES = ['GRID', 'CAROUSEL', 'GIF', 'VIDEO', 'EMBED'] as const;

/** The embed's analytics events (SPEC 7.7): one category, these actions, a free label. */
export const ANALYTICS_CATEGORY = 'Embed';
export const ANALYTICS_ACTIONS = ['Click', 'Hover', 'Copy', 'Social Sharing', 'SCROLL', 'CLICK'] as const;
export const ANALYTICS_KINDS = ['event', 'page_view', 'error'] as const;
export const MAX_LABEL_LENGTH = 100;
export const MAX_ERROR_MESSAGE_LENGTH = 500;
export const MAX_ERROR_SOURCE_LENGTH = 500;
export const MAX_PAGE_PATH_LENGTH = 500;

export const MAX_EVENTS_PER_BATCH = 500;
export const MAX_BODY_BYTES = 1_000_000;
export const MAX_EVENT_ID_LENGTH = 64;
export const EVENT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{8,${MAX_EVENT_ID_LENGTH}}$`);
export const GIF_ID_PATTERN = /^[A-Za-z0-9:_-]{1,64}$/;
export const MAX_USER_ID_LENGTH = 64;
/** Batches being committed at once before new ones are shed with 429. */
export const MAX_BATCHES_IN_FLIGHT = 32;
export const RETRY_AFTER_S = 1;
/** Most events one group commit writes; batches beyond it wait for the next commit. */
export const MAX_EVENTS_PER_COMMIT = 5_000;
/** Decoded analytics_response_payloads remembered (a response's payload recurs in its GIF's every event). */
export const PAYLOAD_CACHE_SIZE = 10_000;
/** Client clocks are trusted within this window; outside it the server's receive time is used. */
export const MAX_CLOCK_SKEW_MS = 7 * 24 * 3_600_000;

/** The longest string a pingback attribute may hold. */
export const MAX_ATTRIBUTE_LENGTH = 200;
