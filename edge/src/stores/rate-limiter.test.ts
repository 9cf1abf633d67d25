import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_MAX_BUCKETS } from '../constants.ts';
import { MemoryRateLimiter } from './rate-limiter.ts';

describe('the in-memory rate limiter', () => {
  it('allows the limit per key per window and says when the window ends', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(2, 60, () => now);
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    expect(await limiter.limit('b')).toEqual({ allowed: true });
    now = 15_500;
    expect(await limiter.limit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    now = 60_000;
    expect(await limiter.limit('a')).toEqual({ allowed: true });
  });

  it('peeks without counting, gives a count back, and forgets a key', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(2, 60, () => now);
    expect(limiter.peek('a')).toEqual({ allowed: true });
    await limiter.limit('a');
    expect(limiter.peek('a')).toEqual({ allowed: true });
    await limiter.limit('a');
    now = 10_000;
    expect(limiter.peek('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.peek('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    limiter.refund('a');
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    expect(await limiter.limit('a')).toMatchObject({ allowed: false });
    limiter.forget('a');
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    // A refund after the window ended leaves the new window alone.
    now = 70_000;
    limiter.refund('a');
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    expect(await limiter.limit('a')).toEqual({ allowed: true });
    expect(await limiter.limit('a')).toMatchObject({ allowed: false });
  });

  it('keeps at most its bound of keys under 150,000 distinct ones, and the key in steady use stays counted', async () => {
    const limiter = new MemoryRateLimiter(5, 60, () => 0);
    for (let i = 0; i < 5; i++) await limiter.limit('steady');
    for (let i = 0; i < 150_000; i++) {
      await limiter.limit(`flood-${i}`);
      if (i % 1_000 === 0) await limiter.limit('steady-reader');
      if (i % 10_000 === 0) expect(await limiter.limit('steady')).toMatchObject({ allowed: false });
    }
    expect(limiter.size).toBe(RATE_LIMIT_MAX_BUCKETS);
    expect(await limiter.limit('steady')).toMatchObject({ allowed: false });
  });
});
