/** Constants of the analytics pipeline; the spec's own (SPEC 7.6) come from the provider client. */
export { PINGBACK_DEBOUNCE_MS, PINGBACK_MAX_BATCH } from '@loopbox/sdk';

/** Our own bound (not in the spec): the first queued event never waits longer than this for a flush. */
export const PINGBACK_MAX_DELAY_MS = 10_000;

/** The collector's limit on a pingback attribute's string (apps/server/src/collector/constants.ts). */
export const MAX_ATTRIBUTE_LENGTH = 200;

/**
 * Refusals a batch is kept and retried after, besides network errors and every 5xx: a key refused now
 * (401, 403) may work again once a rotation or a revocation is undone, so its events are never given
 * up; a timeout (408) and throttling (429) pass. Any other 4xx can never succeed and is dropped.
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([401, 403, 408, 429]);

/** Retries after a network error, 5xx, 401, 403, 408 or 429: exponential from the base to the cap, with jitter. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 60_000;
/** A server's Retry-After is honoured up to this long. */
export const RETRY_AFTER_MAX_MS = 10 * 60_000;

/** The IndexedDB database and object store that hold unsent events (idb-keyval). */
export const QUEUE_DB_NAME = 'loopbox-analytics';
export const QUEUE_STORE_NAME = 'queue';

/** Web Locks: each queue owner holds its lock for life; adoption of orphans is exclusive. */
export const OWNER_LOCK_PREFIX = 'loopbox-queue-owner:';
export const ADOPT_LOCK_NAME = 'loopbox-queue-adopt';
/** How long the service worker waits for a closing page's worker to let go of its events. */
export const OWNER_RELEASE_WAIT_MS = 10_000;

/** The background-sync tag under which the service worker replays what closed pages left. */
export const REPLAY_SYNC_TAG = 'loopbox-replay';
/** The message a page posts to the service worker to ask for a replay now. */
export const REPLAY_MESSAGE = 'loopbox-replay';
/** The message a page posts once the service worker took control: the URLs it loaded before that. */
export const WARM_MESSAGE = 'loopbox-warm';

/** Cache Storage names of the service worker. */
export const SHELL_CACHE_PREFIX = 'loopbox-shell-';
export const RUNTIME_CACHE_NAME = 'loopbox-runtime-v2';
/** The runtime cache before workbox's expiration kept it: its entries have no use times, so it goes. */
export const LEGACY_RUNTIME_CACHE_NAME = 'loopbox-runtime';
/** The runtime cache's bounds (embeds, GIF lookups and media): entries, least recently used first, and age. */
export const RUNTIME_CACHE_MAX_ENTRIES = 300;
export const RUNTIME_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
