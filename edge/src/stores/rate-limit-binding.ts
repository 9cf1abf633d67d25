import type { RateLimiter } from './rate-limiter.ts';

/** Cloudflare's rate limiting binding (`[[ratelimits]]` in wrangler.toml); its limit and period live in that configuration. */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/** The Workers limiter, shared by every isolate of a location. The binding does not say when its window ends, so Retry-After is its whole period. */
export function bindingRateLimiter(binding: RateLimitBinding, periodSeconds: number): RateLimiter {
  return {
    async limit(key) {
      const { success } = await binding.limit({ key });
      return success ? { allowed: true } : { allowed: false, retryAfterSeconds: periodSeconds };
    },
  };
}
