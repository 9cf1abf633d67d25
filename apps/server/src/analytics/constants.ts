/** Analytics constants (docs/decisions.md, Analytics). */

/** A trending score halves every six hours: yesterday's burst is 1/16 of today's by the same volume. */
export const TRENDING_HALF_LIFE_MS = 6 * 3_600_000;
/** How much one pingback of each kind adds to a GIF's trending score. */
export const TRENDING_WEIGHTS: Readonly<Record<string, number>> = {
  'pingback.seen': 1,
  'pingback.hover': 0.5,
  'pingback.start': 1,
  'pingback.click': 3,
  'pingback.sent': 5,
};
/** Each search adds one to its term's score, decayed with the same half-life. */
export const SEARCH_TRENDING_HALF_LIFE_MS = TRENDING_HALF_LIFE_MS;

/** Events one projector folds per transaction: short, because PGlite runs on the calling thread. */
export const PROJECTION_BATCH_SIZE = 500;
/** How often the runner catches up on its own. */
export const PROJECTION_INTERVAL_MS = 1_000;
/** PGlite has no autovacuum: the runner vacuums the upsert-heavy projection tables this often. */
export const PROJECTION_VACUUM_INTERVAL_MS = 10 * 60_000;

/** Search events are queued and appended in one transaction per flush, off the request path. */
export const SEARCH_LOG_FLUSH_MS = 250;
export const SEARCH_LOG_MAX_BATCH = 200;
/** A search event the store keeps refusing is retried this many times (backing off), then dead-lettered. */
export const SEARCH_LOG_MAX_ATTEMPTS = 5;
/** Longest wait between retries of a failed flush. */
export const SEARCH_LOG_MAX_BACKOFF_MS = 30_000;
/** Terms are normalised (trimmed, lower-cased, spaces collapsed) and cut to this length. */
export const MAX_SEARCH_TERM_LENGTH = 50;

export const SEARCH_EVENT_TYPE = 'search.performed';
/** Logged by the collector for each page view (payload `page_path`, `virtual_page_path?`, `gif_id?`, …). */
export const PAGE_VIEW_EVENT_TYPE = 'analytics.page_view';
/** Pingback log types by the counter they add to. */
export const COUNTER_OF_TYPE: Readonly<Record<string, 'views' | 'clicks' | 'hovers' | 'starts'>> = {
  'pingback.seen': 'views',
  'pingback.click': 'clicks',
  'pingback.hover': 'hovers',
  'pingback.start': 'starts',
};

/**
 * The page type of pingbacks that carry no page path (SDK widgets on third-party sites); every other
 * page type comes from the SDK's pageTypeOf (SPEC 2.3).
 */
export const UNKNOWN_PAGE_TYPE = 'unknown';

/** Backend read limits. */
export const MAX_TRENDING_GIF_IDS = 100;
export const DAILY_SERIES_DAYS = 30;
export const DASHBOARD_SEARCHES_LIMIT = 20;
/** The dashboard series endpoint: a window of 1 to 90 UTC days, 30 by default, and its top lists. */
export const SERIES_MIN_DAYS = 1;
export const SERIES_MAX_DAYS = 90;
export const SERIES_DEFAULT_DAYS = DAILY_SERIES_DAYS;
export const SERIES_TOP_GIFS = 10;
export const SERIES_TOP_SEARCHES = 10;
/** Search events kept while the store is failing; past it the oldest are dropped. */
export const SEARCH_LOG_MAX_QUEUE = 10_000;

/**
 * Trending searches anyone may see (issue 30): a term shows only once this many distinct searchers
 * (TRENDING_MIN_SEARCHERS) found results for it within TRENDING_SEARCHERS_WINDOW_MS. A searcher is a
 * keyed hash of the address or the signed-in user, with a salt that changes every UTC day
 * (searcher-hash.ts), so an address is one searcher a day and the log never holds an address.
 */
export const TRENDING_MIN_SEARCHERS_DEFAULT = 5;
export const TRENDING_SEARCHERS_WINDOW_MS = 24 * 3_600_000;
/** A trending term is at most this many characters and words (pasted text and probes are longer). */
export const TRENDING_TERM_MAX_LENGTH = 40;
export const TRENDING_TERM_MAX_WORDS = 6;
/** Bytes of the searcher hash kept (HMAC-SHA256, cut): enough that two searchers a day never collide in practice. */
export const SEARCHER_HASH_BYTES = 16;
/** Candidate rows read per query while filling a trending list (the word blocklist is applied after). */
export const TRENDING_CANDIDATE_PAGE = 50;
