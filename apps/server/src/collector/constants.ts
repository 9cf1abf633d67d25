/** The usage-report actions a pingback may carry: SPEC 7.7's, plus SENT and FAVORITE from GIPHY's analytics package. */
export const PINGBACK_ACTIONS = ['SEEN', 'CLICK', 'HOVER', 'START', 'SENT', 'FAVORITE'] as const;
export type PingbackAction = (typeof PINGBACK_ACTIONS)[number];
/**
 * Layouts a tile may report: ours, and GIPHY's components' (SEARCH from SearchContextManager, MIXED
 * from the React Grid). Nested layouts arrive comma-joined, outermost first ("SEARCH, GRID").
 */
export const LAYOUT_TYPES = ['GRID', 'CAROUSEL', 'GIF', 'VIDEO', 'EMBED', 'SEARCH', 'MIXED'] as const;

/** GIPHY's analytics package's own key (no setter): accepted beside issued keys unless COLLECTOR_SDK_KEY=refuse. */
export { GIPHY_SDK_PINGBACK_KEY } from '@loopbox/edge';
/** The collector's bounds, checked at the edge too when it queues pingbacks (edge/src/constants.ts). */
export {
  COLLECTOR_EVENT_ID_PATTERN as EVENT_ID_PATTERN,
  COLLECTOR_MAX_BODY_BYTES as MAX_BODY_BYTES,
  COLLECTOR_MAX_EVENT_ID_LENGTH as MAX_EVENT_ID_LENGTH,
  COLLECTOR_MAX_EVENTS_PER_BATCH as MAX_EVENTS_PER_BATCH,
  DERIVED_EVENT_ID_PREFIX,
} from '@loopbox/edge';

/** The embed's analytics events (SPEC 7.7): one category, these actions, a free label. */
export const ANALYTICS_CATEGORY = 'Embed';
export const ANALYTICS_ACTIONS = ['Click', 'Hover', 'Copy', 'Social Sharing', 'SCROLL', 'CLICK'] as const;
export const ANALYTICS_KINDS = ['event', 'page_view', 'error'] as const;
export const MAX_LABEL_LENGTH = 100;
export const MAX_ERROR_MESSAGE_LENGTH = 500;
export const MAX_ERROR_SOURCE_LENGTH = 500;
export const MAX_PAGE_PATH_LENGTH = 500;

/** A GIF id as a pingback may name it: 1 to 64 letters, digits or `:_-`. */
export const PINGBACK_GIF_ID_PATTERN = /^[A-Za-z0-9:_-]{1,64}$/;
export const MAX_USER_ID_LENGTH = 64;
/** Batches being committed at once before new ones are shed with 429. */
export const MAX_BATCHES_IN_FLIGHT = 32;
export const RETRY_AFTER_S = 1;
/**
 * Group commits under way at once. On PostgreSQL the next group waits on the log's lock, already
 * sent, while one commits: 3 took eight clients from 26,400–27,500 to 29,300–32,000 events/s (4 was
 * no better, 8 worse); the embedded store runs them one after another, no slower.
 */
export const COMMITS_AT_ONCE = 3;
/** Most events one group commit writes; batches beyond it wait for the next commit. */
export const MAX_EVENTS_PER_COMMIT = 5_000;
/** GIF ids the collector remembers as existing, so a hot GIF costs no lookup. */
export const KNOWN_GIFS_CACHE_SIZE = 50_000;
/** Client clocks are trusted within this window; outside it the server's receive time is used. */
export const MAX_CLOCK_SKEW_MS = 7 * 24 * 3_600_000;

/** The longest string a pingback attribute may hold. */
export const MAX_ATTRIBUTE_LENGTH = 200;

/** The pipeline page's window of refusal counts. */
export const REJECTS_WINDOW_HOURS = 24;
