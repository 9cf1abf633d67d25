import { RATE_LIMIT_MAX_BUCKETS, RATE_LIMIT_WINDOW_S } from '../constants.ts';

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts requests per key (an API key, a client address) and says when one is over its limit. */
export interface RateLimiter {
  limit(key: string): Promise<RateLimitOutcome>;
}

const ALLOWED: RateLimitOutcome = { allowed: true };

/** A fixed-window counter per key in memory: Node's limiter, and the Workers fallback without a binding (per isolate). */
export class MemoryRateLimiter implements RateLimiter {
  readonly #buckets = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number = RATE_LIMIT_WINDOW_S,
    private readonly now: () => number = Date.now,
  ) {}

  async limit(key: string): Promise<RateLimitOutcome> {
    const now = this.now();
    let bucket = this.#buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      if (!bucket && this.#buckets.size >= RATE_LIMIT_MAX_BUCKETS) this.#sweep(now);
      bucket = { count: 0, resetAt: now + this.windowSeconds * 1000 };
      this.#buckets.set(key, bucket);
    }
    bucket.count += 1;
    if (bucket.count <= this.max) return ALLOWED;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)) };
  }

  /** Drops finished windows; if every bucket is live, the oldest half goes. */
  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) if (bucket.resetAt <= now) this.#buckets.delete(key);
    if (this.#buckets.size < RATE_LIMIT_MAX_BUCKETS) return;
    let drop = this.#buckets.size / 2;
    for (const key of this.#buckets.keys()) {
      if (drop-- <= 0) break;
      this.#buckets.delete(key);
    }
  }
}
