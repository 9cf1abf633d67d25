import { LRUCache } from 'lru-cache';
import { RATE_LIMIT_MAX_BUCKETS, RATE_LIMIT_WINDOW_S } from '../constants.ts';

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts requests per key (an API key, a client address) and says when one is over its limit. */
export interface RateLimiter {
  limit(key: string): Promise<RateLimitOutcome>;
}

const ALLOWED: RateLimitOutcome = { allowed: true };

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window counter per key in memory: Node's limiter, and the Workers fallback without a binding
 * (per isolate). At most `maxBuckets` keys are kept (lru-cache); past that the least recently used
 * goes, so a flood of distinct keys costs bounded memory and cannot push out a key in steady use.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #buckets: LRUCache<string, Bucket>;

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number = RATE_LIMIT_WINDOW_S,
    private readonly now: () => number = Date.now,
    maxBuckets: number = RATE_LIMIT_MAX_BUCKETS,
  ) {
    this.#buckets = new LRUCache({ max: maxBuckets });
  }

  /** Keys counted now (for tests and the bench). */
  get size(): number {
    return this.#buckets.size;
  }

  async limit(key: string): Promise<RateLimitOutcome> {
    const now = this.now();
    let bucket = this.#buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      bucket = { count: 0, resetAt: now + this.windowSeconds * 1000 };
      this.#buckets.set(key, bucket);
    }
    bucket.count += 1;
    if (bucket.count <= this.max) return ALLOWED;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
  }
}
