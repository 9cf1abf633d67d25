import { describe, expect, it } from 'vitest';
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
});
