import type { ExecutionContext, Hono } from 'hono';
import { createEdgeApp, type EdgeConfig } from './app.ts';
import { MEDIA_BUCKET_BINDING, PINGBACK_QUEUE_BINDING, RATE_LIMIT_WINDOW_S, WORKERS_CACHE_NAME } from './constants.ts';
import type { EdgeEnv } from './env.ts';
import { consoleJsonLogger } from './logger.ts';
import { deliverPingbacks } from './pingback-delivery.ts';
import { settingsFrom } from './settings.ts';
import { CacheApiStore } from './stores/cache-api.ts';
import { isMediaBucket } from './stores/media-bucket.ts';
import { isPingbackQueue, type QueuedBatch } from './stores/pingback-queue.ts';
import { bindingRateLimiter, type RateLimitBinding } from './stores/rate-limit-binding.ts';
import { MemoryRateLimiter, type RateLimiter } from './stores/rate-limiter.ts';
import { upstreamsFrom } from './upstreams.ts';

/** The Worker's bindings and vars (wrangler.toml and secrets; see edge/README.md). */
export type WorkerEnv = Readonly<Record<string, unknown>>;

function requiredString(env: WorkerEnv, name: string): string {
  const value = env[name];
  if (typeof value !== 'string' || value === '') throw new Error(`The edge needs ${name} (a var or secret)`);
  return value;
}

function isRateLimitBinding(value: unknown): value is RateLimitBinding {
  return typeof value === 'object' && value !== null && typeof (value as RateLimitBinding).limit === 'function';
}

/** A rate limiting binding when there is one, else a counter in this isolate. */
function limiter(binding: unknown, perWindow: number): RateLimiter {
  return isRateLimitBinding(binding) ? bindingRateLimiter(binding, RATE_LIMIT_WINDOW_S) : new MemoryRateLimiter(perWindow);
}

/** The edge's configuration from the Worker's env: upstreams, keys, the Cache API store, the limiters, and the R2 and Queue bindings when bound. */
export function workerConfig(env: WorkerEnv): EdgeConfig {
  const settings = settingsFrom(env);
  const mediaBucket = env[MEDIA_BUCKET_BINDING];
  const pingbackQueue = env[PINGBACK_QUEUE_BINDING];
  return {
    ...(isMediaBucket(mediaBucket) ? { mediaBucket } : {}),
    ...(isPingbackQueue(pingbackQueue) ? { pingbackQueue } : {}),
    upstreams: upstreamsFrom(env),
    keys: { web: requiredString(env, 'WEB_API_KEY'), mobile: requiredString(env, 'MOBILE_API_KEY') },
    cache: new CacheApiStore(caches.open(WORKERS_CACHE_NAME)),
    rateLimits: {
      perKey: limiter(env.KEY_RATE_LIMITER, settings.rateLimitPerKey),
      perAddress: limiter(env.ADDRESS_RATE_LIMITER, settings.rateLimitPerAddress),
      mediaPerAddress: limiter(env.MEDIA_RATE_LIMITER, settings.rateLimitMediaPerAddress),
    },
    clientAddress: (c) => c.req.header('CF-Connecting-IP'),
    siteOrigins: settings.siteOrigins,
    upstreamTimeoutMs: settings.upstreamTimeoutMs,
    accessLog: settings.accessLog,
  };
}

/**
 * A Workers module handler that builds the edge from its env on the first request of each isolate,
 * and the consumer of the pingback queue: each batch posted to the collector's upstream.
 */
export function createWorker() {
  let edge: Hono<EdgeEnv> | undefined;
  return {
    fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
      edge ??= createEdgeApp(workerConfig(env));
      return edge.fetch(request, env, ctx);
    },
    async queue(batch: QueuedBatch, env: WorkerEnv): Promise<void> {
      await deliverPingbacks(batch, upstreamsFrom(env).collector, settingsFrom(env).upstreamTimeoutMs, consoleJsonLogger);
    },
  };
}

export default createWorker();
