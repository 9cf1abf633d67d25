export { createEdgeApp, type EdgeConfig } from './app.ts';
export { createNodeEdge, singleProcessEdge, type NodeEdgeOptions, type SingleProcessOptions } from './node.ts';
export { bindingUpstream, upstreamsFrom, urlUpstream, type FetchTarget, type Upstream, type Upstreams } from './upstreams.ts';
export { SERVICES, type Service } from './routes.ts';
export { gifTag, PURGE_HEADER } from './constants.ts';
export type { ApiKeys } from './middleware/api-key.ts';
export type { CacheStore } from './stores/cache-store.ts';
export type { RateLimiter } from './stores/rate-limiter.ts';
