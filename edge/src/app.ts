import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { REQUEST_ID_HEADER, UPSTREAM_TIMEOUT_MS } from './constants.ts';
import type { EdgeEnv } from './env.ts';
import { edgeError } from './errors.ts';
import { accessLog, type AccessLogEntry } from './middleware/access-log.ts';
import { injectApiKey, type ApiKeys } from './middleware/api-key.ts';
import { edgeCache } from './middleware/cache.ts';
import { corsByRoute } from './middleware/cors.ts';
import { requireCsrfToken } from './middleware/csrf.ts';
import { byClientAddress, byClientApiKey, rateLimit } from './middleware/rate-limit.ts';
import { resolveRequest, type ClientAddress } from './middleware/resolve.ts';
import { stripHeaders } from './middleware/strip-headers.ts';
import { proxyToUpstream } from './proxy.ts';
import type { CacheStore } from './stores/cache-store.ts';
import type { RateLimiter } from './stores/rate-limiter.ts';
import type { Upstreams } from './upstreams.ts';

/** Everything the edge needs; the runtime adapters (node.ts, worker.ts) make the stores and say how to find the client's address. */
export interface EdgeConfig {
  upstreams: Upstreams;
  keys: ApiKeys;
  cache: CacheStore;
  rateLimits: { perKey: RateLimiter; perAddress: RateLimiter };
  clientAddress: ClientAddress;
  /** Origins allowed to call the site's own services from a browser (CORS with credentials). */
  siteOrigins?: readonly string[];
  upstreamTimeoutMs?: number;
  log?: (entry: AccessLogEntry) => void;
}

/** The edge: one Hono app, the same on workerd and on Node. Each step is a middleware reading the route's policy. */
export function createEdgeApp(config: EdgeConfig): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  app.use(requestId({ headerName: REQUEST_ID_HEADER }));
  app.use(resolveRequest(config.clientAddress));
  if (config.log) app.use(accessLog(config.log));
  app.use(corsByRoute(config.siteOrigins ?? []));
  app.use(stripHeaders);
  app.use(rateLimit(config.rateLimits.perAddress, byClientAddress, 'from this address'));
  app.use(injectApiKey(config.keys));
  app.use(rateLimit(config.rateLimits.perKey, byClientApiKey, 'with this API key'));
  app.use(requireCsrfToken);
  app.use(edgeCache(config.cache));
  app.all('*', proxyToUpstream(config.upstreams, config.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS));
  app.onError((err, c) => {
    console.error(`edge ${c.get('requestId')} ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return edgeError(c, 500, 'The edge failed to handle this request');
  });
  return app;
}
