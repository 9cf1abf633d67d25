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
 * A fixed-window counter per key in memory: the edge's limiter on Node, the Workers fallback without a
 * binding (per isolate), and the server's abuse limits and render budgets. At most `maxBuckets` keys
 * are kept (lru-cache); past that the least recently used goes, so a flood of distinct keys costs
 * bounded memory and cannot push out a key in steady use.
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

  /** Counts one request against the key; refused once the window's count is past the limit. */
  async limit(key: string): Promise<RateLimitOutcome> {
    const now = this.now();
    let bucket = this.#current(key, now);
    if (!bucket) {
      bucket = { count: 0, resetAt: now + this.windowSeconds * 1000 };
      this.#buckets.set(key, bucket);
    }
    bucket.count += 1;
    return bucket.count <= this.max ? ALLOWED : this.#refusal(bucket, now);
  }

  /** Whether one more request would be refused, without counting it. */
  peek(key: string): RateLimitOutcome {
    const now = this.now();
    const bucket = this.#current(key, now);
    return bucket && bucket.count >= this.max ? this.#refusal(bucket, now) : ALLOWED;
  }

  /** Gives one counted request back (work that was refused further on, or undone). */
  refund(key: string): void {
    const bucket = this.#current(key, this.now());
    if (bucket && bucket.count > 0) bucket.count -= 1;
  }

  /** Forgets the key's count (a successful login clears its failures). */
  forget(key: string): void {
    this.#buckets.delete(key);
  }

  #current(key: string, now: number): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    return bucket && bucket.resetAt > now ? bucket : undefined;
  }

  #refusal(bucket: Bucket, now: number): RateLimitOutcome {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
  }
}
