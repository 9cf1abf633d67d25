import { Hono, type MiddlewareHandler } from 'hono';
import { UPSTREAM_TIMEOUT_MS } from './constants.ts';
import type { EdgeEnv } from './env.ts';
import { edgeError } from './errors.ts';
import { consoleJsonLogger, type EdgeLogger } from './logger.ts';
import { accessLog } from './middleware/access-log.ts';
import { injectApiKey, type ApiKeys } from './middleware/api-key.ts';
import { edgeCache } from './middleware/cache.ts';
import { corsByRoute } from './middleware/cors.ts';
import { requireCsrfToken } from './middleware/csrf.ts';
import { byClientAddress, byDeveloperKey, rateLimit } from './middleware/rate-limit.ts';
import { mediaFromBucket } from './middleware/media-from-bucket.ts';
import { pingbacksToQueue } from './middleware/pingbacks-to-queue.ts';
import { requestId } from './middleware/request-id.ts';
import { resolveRequest, type ClientAddress } from './middleware/resolve.ts';
import { stripHeaders } from './middleware/strip-headers.ts';
import { proxyToUpstream } from './proxy.ts';
import type { CacheStore } from './stores/cache-store.ts';
import type { MediaBucket } from './stores/media-bucket.ts';
import type { PingbackQueue } from './stores/pingback-queue.ts';
import type { RateLimiter } from './stores/rate-limiter.ts';
import type { Upstreams } from './upstreams.ts';

/** Everything the edge needs; the runtime adapters (node.ts, worker.ts) make the stores and say how to find the client's address. */
export interface EdgeConfig {
  upstreams: Upstreams;
  keys: ApiKeys;
  cache: CacheStore;
  /** Per developer key; per client address on the API and site services; per client address on media, a budget of its own. */
  rateLimits: { perKey: RateLimiter; perAddress: RateLimiter; mediaPerAddress: RateLimiter };
  clientAddress: ClientAddress;
  /** Origins allowed to call the site's own services from a browser (CORS with credentials). */
  siteOrigins?: readonly string[];
  upstreamTimeoutMs?: number;
  /** Where the edge's own errors (and the access log) go; JSON lines on the console by default. */
  logger?: EdgeLogger;
  /** One log entry per request. */
  accessLog?: boolean;
  /**
   * Gzips the pages (`text/html`) for clients that accept it: the Node adapter's (middleware/gzip-pages.ts).
   * On Node nothing else would: what the cache keeps is gzipped already, and the API's misses are not
   * (measured, docs/decisions.md). On Workers, Cloudflare compresses in front of the edge.
   */
  compressPages?: MiddlewareHandler<EdgeEnv>;
  /** Workers only (an R2 binding): `/media/*` bytes read from the bucket, the policy from the origin (middleware/media-from-bucket.ts). */
  mediaBucket?: MediaBucket;
  /** Workers only (a Queue producer binding): collector batches accepted at the edge and queued (middleware/pingbacks-to-queue.ts). */
  pingbackQueue?: PingbackQueue;
}

/** The edge: one Hono app, the same on workerd and on Node. Each step is a middleware reading the route's policy. */
export function createEdgeApp(config: EdgeConfig): Hono<EdgeEnv> {
  const logger = config.logger ?? consoleJsonLogger;
  const app = new Hono<EdgeEnv>();
  if (config.compressPages) app.use(config.compressPages);
  app.use(requestId);
  app.use(resolveRequest(config.clientAddress));
  if (config.accessLog) app.use(accessLog(logger));
  app.use(corsByRoute(config.siteOrigins ?? []));
  app.use(stripHeaders);
  app.use(injectApiKey(config.keys));
  app.use(requireCsrfToken);
  app.use(edgeCache(config.cache));
  // After the cache: what it answers is never counted.
  app.use(rateLimit(config.rateLimits.perAddress, byClientAddress('api'), 'from this address'));
  app.use(rateLimit(config.rateLimits.mediaPerAddress, byClientAddress('media'), 'for media from this address'));
  app.use(rateLimit(config.rateLimits.perKey, byDeveloperKey(config.keys), 'with this API key'));
  const timeoutMs = config.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  if (config.mediaBucket) app.use(mediaFromBucket(config.mediaBucket, config.upstreams.media, timeoutMs));
  if (config.pingbackQueue) app.use(pingbacksToQueue(config.pingbackQueue));
  app.all('*', proxyToUpstream(config.upstreams, timeoutMs));
  app.onError((err, c) => {
    logger.error(
      { requestId: c.get('requestId'), method: c.req.method, path: new URL(c.req.url).pathname, error: err.stack ?? err.message },
      'edge failure',
    );
    return edgeError(c, 500, 'The edge failed to handle this request');
  });
  return app;
}
