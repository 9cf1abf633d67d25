import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { inject } from 'vitest';
import { createEdgeApp } from '../src/app.ts';
import { RATE_LIMIT_WINDOW_S } from '../src/constants.ts';
import { CacheApiStore } from '../src/stores/cache-api.ts';
import { bindingRateLimiter, type RateLimitBinding } from '../src/stores/rate-limit-binding.ts';
import { edgeSuite, SUITE_LIMITS, type EdgeHarness } from './edge-suite.ts';

const binding = (name: string) => env[name] as RateLimitBinding;
/** More than a rate-limit test takes on a busy machine. */
const WINDOW_ROOM_MS = 5_000;
let edges = 0;

/**
 * The edge inside workerd with the Workers stores: the Cache API (a fresh cache per edge) and the rate
 * limiting bindings. Each edge gets its own client address, as Cloudflare reports it in CF-Connecting-IP.
 */
const workerd: EdgeHarness = {
  runtime: 'workerd',
  limits: SUITE_LIMITS,
  // The local rate-limit binding (miniflare's RateLimiterObject) counts in windows aligned to the wall
  // clock, so a test that counts up to a limit across a window's end sees the count start again.
  async windowWithRoom() {
    const windowMs = RATE_LIMIT_WINDOW_S * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < WINDOW_ROOM_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  },
  httpUpstreams: () => ({ echoUrl: inject('echoUrl'), closedUrl: inject('closedUrl') }),
  async start(options) {
    const app = createEdgeApp({
      ...options,
      cache: new CacheApiStore(caches.open(`edge-${crypto.randomUUID()}`)),
      rateLimits: {
        perKey: bindingRateLimiter(binding('KEY_RATE_LIMITER'), RATE_LIMIT_WINDOW_S),
        perAddress: bindingRateLimiter(binding('ADDRESS_RATE_LIMITER'), RATE_LIMIT_WINDOW_S),
        mediaPerAddress: bindingRateLimiter(binding('MEDIA_RATE_LIMITER'), RATE_LIMIT_WINDOW_S),
      },
      clientAddress: (c) => c.req.header('CF-Connecting-IP'),
    });
    edges += 1;
    const address = `198.51.${Math.floor(edges / 250)}.${edges % 250}`;
    const origin = 'https://edge.example';
    const send = async (from: string, path: string, init?: RequestInit) => {
      const request = new Request(`${origin}${path}`, init);
      request.headers.set('CF-Connecting-IP', from);
      const ctx = createExecutionContext();
      const response = await app.fetch(request, env, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    // Visitors come over IPv6, each from its own /64 (the rate limiting bindings are shared by every edge of the run).
    const run = edges.toString(16);
    return {
      origin,
      fetch: (path, init) => send(address, path, init),
      fetchAs: (visitor, path) => send(`2001:db8:${run}:${visitor.toString(16)}::1`, path),
      close: async () => undefined,
    };
  },
};

edgeSuite(workerd);
