import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { createEdgeApp } from './app.ts';
import { RATE_LIMIT_MEDIA_PER_ADDRESS, RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_KEY } from './constants.ts';
import type { EdgeEnv } from './env.ts';
import type { EdgeLogger } from './logger.ts';
import type { ApiKeys } from './middleware/api-key.ts';
import { gzipPages } from './middleware/gzip-pages.ts';
import { settingsFrom, type EdgeSettings } from './settings.ts';
import { MemoryCacheStore, type MemoryCacheLimits } from './stores/memory-cache.ts';
import { MemoryRateLimiter } from './stores/rate-limiter.ts';
import { bindingUpstream, upstreamsFrom, type FetchTarget, type Upstreams } from './upstreams.ts';

export interface NodeEdgeOptions extends Partial<EdgeSettings> {
  upstreams: Upstreams;
  keys: ApiKeys;
  cacheLimits?: MemoryCacheLimits;
  logger?: EdgeLogger;
}

/** The client's address from the socket; none when the app is called in-process. */
function socketAddress(c: Context): string | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress;
}

/**
 * The edge on Node, to serve with @hono/node-server: its bounded in-memory cache and its rate
 * limiters are made here and live exactly as long as the app.
 */
export function createNodeEdge(options: NodeEdgeOptions): Hono<EdgeEnv> {
  return createEdgeApp({
    upstreams: options.upstreams,
    keys: options.keys,
    cache: new MemoryCacheStore(options.cacheLimits),
    rateLimits: {
      perKey: new MemoryRateLimiter(options.rateLimitPerKey ?? RATE_LIMIT_PER_KEY),
      perAddress: new MemoryRateLimiter(options.rateLimitPerAddress ?? RATE_LIMIT_PER_ADDRESS),
      mediaPerAddress: new MemoryRateLimiter(options.rateLimitMediaPerAddress ?? RATE_LIMIT_MEDIA_PER_ADDRESS),
    },
    clientAddress: socketAddress,
    siteOrigins: options.siteOrigins,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    logger: options.logger,
    accessLog: options.accessLog,
    compressPages: gzipPages(),
  });
}

export interface SingleProcessOptions {
  /** The server app, reached in-process like a service binding. */
  server: FetchTarget;
  /** The web and mobile keys, as the server's ensureCredentials gives them. */
  credentials: { webKey: string; mobileKey: string };
  /** Settings and per-service upstream URLs (see edge/README.md); process.env by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The process's logger (pino in main.ts); JSON lines on the console without one. */
  logger?: EdgeLogger;
}

/** `npm start`: the edge in front of the server app in the same process, which stands in for every service without a configured URL. */
export function singleProcessEdge({ server, credentials, env = process.env, logger }: SingleProcessOptions): Hono<EdgeEnv> {
  return createNodeEdge({
    ...settingsFrom(env),
    upstreams: upstreamsFrom(env, bindingUpstream(server)),
    keys: { web: credentials.webKey, mobile: credentials.mobileKey },
    logger,
  });
}
