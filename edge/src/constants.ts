/** The edge's numbers and names, each defined once. Lifetimes are in seconds, timeouts in milliseconds. */

// Cache lifetimes per route: the edge's ceiling; an upstream's own shorter max-age wins.
/** Public API reads: the provider client's own cache lifetime (SPEC 9, "Provider client cache: 60 s"). */
export const PUBLIC_API_TTL_S = 60;
/** Renditions never change once made: the same year-long immutable lifetime the media server sends. */
export const MEDIA_TTL_S = 31_536_000;
/** Web app assets: cached only as the upstream's Cache-Control allows (hashed files immutable, the page no-cache), under this ceiling. */
export const ASSETS_TTL_S = 86_400;
/**
 * Query parameters naming one user or session (GIPHY's clients send pingback_id on every call): such a
 * URL is asked again only by its own client, which keeps the answer itself (SPEC 9, 60 s), so the edge
 * neither looks it up nor stores it, and its bounded cache keeps the entries everyone shares.
 */
export const PER_USER_PARAMS = ['random_id', 'pingback_id'] as const;
/** Public API paths answered fresh every time, whatever the upstream says (SPEC 7.6: random is never cached; Tenor's registershare counts a share). */
export const NEVER_CACHED_PATH = /^\/v\d+\/(?:gifs|stickers|text)\/random(?:\/|$)|^\/v\d+\/randomid(?:\/|$)|^\/tenor\/v2\/registershare$/;

// Bounds of the in-memory (Node) cache. Its bytes count each entry's key, headers, bodies and tags plus the overhead below.
export const MEMORY_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const MEMORY_CACHE_MAX_ENTRIES = 10_000;
/** What an entry costs beyond its strings and bytes (its map slot, objects, arrays and tag-index sets), counted against the byte bound. */
export const CACHE_ENTRY_OVERHEAD_BYTES = 1024;
/**
 * A request whose cache key (origin, path and the parameters its route reads) is longer goes through
 * uncached: a hundred GIF ids of GIPHY's usual length fit, and no one else's entries are pushed out by one.
 */
export const CACHE_KEY_MAX_BYTES = 4096;
/** Larger responses stream through uncached (on every runtime). */
export const CACHE_MAX_ENTRY_BYTES = 4 * 1024 * 1024;
/** Kept text answers at least this size also keep a gzipped copy (Node's store), at this zlib level: made once per entry, so the better ratio is worth the time. */
export const GZIP_MIN_BYTES = 1024;
export const GZIP_LEVEL = 6;
/** How many cached keys an isolate remembers the purge tags of (Cache API store), and how many bytes of keys and tags (an isolate has 128 MB). */
export const TAG_INDEX_MAX_KEYS = 50_000;
export const TAG_INDEX_MAX_BYTES = 16 * 1024 * 1024;
/** The Cache API cache the Workers store uses. */
export const WORKERS_CACHE_NAME = 'loopbox-edge';

// Rate limits: requests per window, per API key given by a developer and per client address.
export const RATE_LIMIT_WINDOW_S = 60;
export const RATE_LIMIT_PER_KEY = 1_000;
export const RATE_LIMIT_PER_ADDRESS = 600;
/**
 * Media misses per client address, a budget of their own: one page of results shows dozens of
 * renditions, so ten times the API's; only files not in the edge cache are counted.
 */
export const RATE_LIMIT_MEDIA_PER_ADDRESS = 6_000;
/** Buckets the in-memory limiter keeps; past it the least recently used one goes. */
export const RATE_LIMIT_MAX_BUCKETS = 100_000;
/** What an API key can look like; anything else (longer, other characters) gets no bucket of its own. */
export const API_KEY_SHAPE = /^[A-Za-z0-9_.-]{1,64}$/;
/** IPv6 clients are counted per /64, the block one subscriber usually holds; IPv4 per address. */
export const IPV6_LIMITED_PREFIX_GROUPS = 4;

/** An upstream that has not started answering by then gets a 504. */
export const UPSTREAM_TIMEOUT_MS = 10_000;

// Credentials (SPEC 6).
/** Mobile devices get the mobile API key (SPEC 5: "mobile detection is by user-agent patterns"). */
export const MOBILE_USER_AGENT = /Mobi|Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;
/** The public API's key parameter, and the spelling GIPHY's pingback uses. */
export const API_KEY_PARAMS = ['api_key', 'apikey'] as const;
/** The key GIPHY's own analytics package (@giphy/js-analytics) posts every pingback with: fixed inside it, shared by every page. */
export const GIPHY_SDK_PINGBACK_KEY = 'l0HlIwPWyBBUDAUgM';
export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

// Headers.
export const REQUEST_ID_HEADER = 'X-Request-Id';
/** A request id the client sends is kept only if it looks like this (a UUID, a trace id); otherwise the edge makes one. */
export const CLIENT_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** HIT, MISS or BYPASS: what the edge cache did with a response. */
export const CACHE_STATUS_HEADER = 'X-Cache';
/** Sent by an upstream on a response to a change: comma-separated tags of cached content to drop. */
export const PURGE_HEADER = 'Loopbox-Purge';
/** Sent by an upstream with a cacheable answer: its purge tags, comma-separated (spares the edge parsing the body for them). */
export const CACHE_TAGS_HEADER = 'Loopbox-Cache-Tags';
/** Internal headers start with this; the edge drops them from what clients send and from what they receive. */
export const INTERNAL_HEADER_PREFIX = 'loopbox-';
/** Headers about one connection, never passed on (RFC 9110 7.6.1), plus any the Connection header names. */
export const HOP_BY_HOP_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
] as const;
/** Client-sent headers the edge replaces with its own view of the connection. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'] as const;
/** Cloudflare's own request headers (cf-connecting-ip, cf-ray, …) stay at the edge. */
export const CLOUDFLARE_HEADER_PREFIX = 'cf-';

// Purge tags.
/** Tag of every cached entry that shows the GIF with this id (its lookups, the lists it is in, its media). */
export const gifTag = (id: string) => `gif:${id}`;
/** Tag of every cached entry that shows what a channel holds (its GIFs, its tags, its place in the tree). */
export const channelTag = (id: number | string) => `channel:${id}`;
/** Tag of every cached entry. */
export const ALL_TAG = 'all';

/** CORS for the public, embeddable surfaces (public API, collector, media): any origin, no credentials. */
export const PUBLIC_CORS = {
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-GIPHY-SDK-Name', 'X-GIPHY-SDK-Version', 'X-GIPHY-SDK-Platform', 'X-Requested-With'],
  exposeHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
  maxAge: 86_400,
};
/** CORS for the site's own services (backend, stories, scheduler, imaging): listed origins only, with credentials. */
export const SITE_CORS = {
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', CSRF_HEADER, 'X-Requested-With'],
  exposeHeaders: [REQUEST_ID_HEADER, 'Retry-After'],
  credentials: true,
  maxAge: 600,
};

// Workers bindings (wrangler.toml): each part works only when its binding is there; without it the edge proxies as on Node.
/** The R2 bucket the media store writes (MEDIA_STORE=s3 on R2): `/media/*` bytes are read from it at the edge. */
export const MEDIA_BUCKET_BINDING = 'MEDIA_BUCKET';
/** The Queue producer the collector's batches are handed to; the same Worker consumes the queue into the origin's collector. */
export const PINGBACK_QUEUE_BINDING = 'PINGBACK_QUEUE';

// The collector's bounds, named here once: the origin's collector (apps/server/src/collector/constants.ts) re-exports them, and the edge checks them before a batch is queued.
export const COLLECTOR_MAX_BODY_BYTES = 1_000_000;
export const COLLECTOR_MAX_EVENTS_PER_BATCH = 500;
export const COLLECTOR_MAX_EVENT_ID_LENGTH = 64;
export const COLLECTOR_EVENT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_.:-]{8,${COLLECTOR_MAX_EVENT_ID_LENGTH}}$`);
/** The prefix of the ids made for pingbacks sent without one (pingback-event-id.ts). */
export const DERIVED_EVENT_ID_PREFIX = 'd-';
/** Cloudflare Queues' limits: one message at most 128 KB; one sendBatch at most 100 messages and 256 KB. */
export const QUEUE_MESSAGE_MAX_BYTES = 128_000;
export const QUEUE_SEND_MAX_MESSAGES = 100;
export const QUEUE_SEND_MAX_BYTES = 256_000;
/** A delivery the origin did not take (down, busy, slow) is retried after its Retry-After, or this long. */
export const QUEUE_RETRY_DELAY_S = 10;
/** The longest Retry-After a delivery honours (Queues' own ceiling for a delay is 12 hours). */
export const QUEUE_RETRY_MAX_DELAY_S = 3_600;
