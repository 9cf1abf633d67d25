export { createEdgeApp, type EdgeConfig } from './app.ts';
export { createNodeEdge, singleProcessEdge, type NodeEdgeOptions, type SingleProcessOptions } from './node.ts';
export { bindingUpstream, urlUpstream, upstreamsFrom, type FetchTarget, type Upstream, type Upstreams } from './upstreams.ts';
export { ROUTES, routeFor, SERVICES, type Route, type Service } from './routes.ts';
export { PURGE_HEADER, gifTag } from './constants.ts';
export type { CacheStore } from './stores/cache-store.ts';
export type { RateLimiter } from './stores/rate-limiter.ts';
