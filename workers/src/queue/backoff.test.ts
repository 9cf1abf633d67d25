import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MAX_MS, RETRY_BASE_MS, RETRY_MAX_MS } from '../constants.ts';
import { backoffDelay, parseRetryAfter } from './backoff.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('reads delta seconds', () => {
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
  });
  it('caps what it honours', () => {
    expect(parseRetryAfter('999999', now)).toBe(RETRY_AFTER_MAX_MS);
  });
  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles the ceiling per attempt and draws from its upper half', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, () => 1))).toEqual([1, 2, 4, 8].map((n) => n * RETRY_BASE_MS));
    expect([1, 2, 3].map((attempt) => backoffDelay(attempt, () => 0))).toEqual([0.5, 1, 2].map((n) => n * RETRY_BASE_MS));
  });
  it('never exceeds the cap', () => {
    expect(backoffDelay(40, () => 1)).toBe(RETRY_MAX_MS);
    expect(backoffDelay(40, () => 0)).toBe(RETRY_MAX_MS / 2);
  });
});
