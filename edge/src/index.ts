export { createEdgeApp, type EdgeConfig } from './app.ts';
export { createNodeEdge, singleProcessEdge, type NodeEdgeOptions, type SingleProcessOptions } from './node.ts';
export { bindingUpstream, upstreamsFrom, urlUpstream, type FetchTarget, type Upstream, type Upstreams } from './upstreams.ts';
export { routeFor, SERVICES, type Service } from './routes.ts';
export {
  ALL_TAG,
  CACHE_TAGS_HEADER,
  channelTag,
  COLLECTOR_EVENT_ID_PATTERN,
  COLLECTOR_MAX_BODY_BYTES,
  COLLECTOR_MAX_EVENT_ID_LENGTH,
  COLLECTOR_MAX_EVENTS_PER_BATCH,
  DERIVED_EVENT_ID_PREFIX,
  GIPHY_SDK_PINGBACK_KEY,
  gifTag,
  PURGE_HEADER,
} from './constants.ts';
export type { ApiKeys } from './middleware/api-key.ts';
export { corsOnAnswer } from './middleware/cors.ts';
export type { AccessLogEntry } from './middleware/access-log.ts';
export type { EdgeLogger } from './logger.ts';
export type { CacheStore } from './stores/cache-store.ts';
export type { RateLimiter } from './stores/rate-limiter.ts';
