import type { Context, MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../env.ts';
import { edgeError } from '../errors.ts';
import type { RateLimiter } from '../stores/rate-limiter.ts';

/**
 * Counts the request against `limiter` under the key `keyOf` gives (none: not counted);
 * over the limit, a 429 with Retry-After.
 */
export function rateLimit(limiter: RateLimiter, keyOf: (c: Context<EdgeEnv>) => string | undefined, scope: string): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const key = keyOf(c);
    if (key !== undefined) {
      const outcome = await limiter.limit(key);
      if (!outcome.allowed) {
        return edgeError(c, 429, `Too many requests ${scope}; retry in ${outcome.retryAfterSeconds} s`, {
          'Retry-After': String(outcome.retryAfterSeconds),
        });
      }
    }
    await next();
  };
}

/** Routes that count per client address, keyed by it. */
export const byClientAddress = (c: Context<EdgeEnv>) => (c.get('route').rateLimited ? c.get('clientAddress') : undefined);

/**
 * Keys a developer sent, keyed by the key. The keys the edge adds for the site's own anonymous
 * visitors are shared by all of them, so those visitors are limited per address only.
 */
export const byClientApiKey = (c: Context<EdgeEnv>) => {
  const key = c.get('apiKey');
  return key && !key.injected ? key.value : undefined;
};
