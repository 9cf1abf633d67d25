import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from '../public-api/envelope.ts';
import { ATTEMPT_LIMITS, type AttemptLimitName } from './constants.ts';

export type AttemptLimitSettings = Record<AttemptLimitName, { points: number; windowS: number }>;

/** Thrown past a limit: a 429 whose Retry-After says when to try again. */
export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, `Too many attempts; try again in ${retryAfterS} s`, { 'Retry-After': String(retryAfterS) });
  }
}

/**
 * Counters of attempts per key (an account, an e-mail, an address) in fixed windows, held in memory by
 * rate-limiter-flexible: keys expire with their window, so memory is bounded by recent attempts.
 * One per app: each server process counts on its own.
 */
export interface AttemptLimiter {
  /** Throws TooManyAttempts when the key has used up its window (without counting this call). */
  check(name: AttemptLimitName, key: string): Promise<void>;
  /** Counts one attempt against the key; throws TooManyAttempts when it goes over. */
  count(name: AttemptLimitName, key: string): Promise<void>;
  /** Forgets the key's attempts (a successful login clears its account's failures). */
  clear(name: AttemptLimitName, key: string): Promise<void>;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export function createAttemptLimiter(overrides: Partial<AttemptLimitSettings> = {}): AttemptLimiter {
  const settings: AttemptLimitSettings = { ...ATTEMPT_LIMITS, ...overrides };
  const limiters = new Map(
    (Object.keys(settings) as AttemptLimitName[]).map((name) => [name, new RateLimiterMemory({ keyPrefix: name, points: settings[name].points, duration: settings[name].windowS })]),
  );
  const limiter = (name: AttemptLimitName) => limiters.get(name) as RateLimiterMemory;
  const normal = (key: string) => key.toLowerCase().slice(0, 320);
  return {
    async check(name, key) {
      const res = await limiter(name).get(normal(key));
      if (res && res.consumedPoints >= settings[name].points) throw new TooManyAttempts(retryAfter(res));
    },
    async count(name, key) {
      try {
        await limiter(name).consume(normal(key));
      } catch (err) {
        if (err instanceof RateLimiterRes) throw new TooManyAttempts(retryAfter(err));
        throw err;
      }
    },
    async clear(name, key) {
      await limiter(name).delete(normal(key));
    },
  };
}
