import { createHash } from 'node:crypto';
import { MemoryRateLimiter, type RateLimitOutcome } from '@loopbox/edge/rate-limiter';
import { ApiError } from '../http/envelope.ts';
import { ATTEMPT_KEY_MAX_CHARS, ATTEMPT_LIMIT_MAX_KEYS, ATTEMPT_LIMITS, type AttemptLimitName } from './constants.ts';

export type AttemptLimitSettings = Record<AttemptLimitName, { points: number; windowS: number }>;

/** Thrown past a limit: a 429 whose Retry-After says when to try again. */
export class TooManyAttempts extends ApiError {
  constructor(readonly retryAfterS: number) {
    super(429, `Too many attempts; try again in ${retryAfterS} s`, { 'Retry-After': String(retryAfterS) });
  }
}

/**
 * Counters of attempts per key (an account, an e-mail, an address) in fixed windows, on the edge's
 * bounded limiter: at most ATTEMPT_LIMIT_MAX_KEYS keys per limit. One per app: each server process
 * counts on its own.
 */
export interface AttemptLimiter {
  /** Throws TooManyAttempts when the key has used up its window (without counting this call). */
  check(name: AttemptLimitName, key: string): Promise<void>;
  /** Counts one attempt against the key; throws TooManyAttempts when it goes over. */
  count(name: AttemptLimitName, key: string): Promise<void>;
  /** Forgets the key's attempts (a successful login clears its account's failures). */
  clear(name: AttemptLimitName, key: string): Promise<void>;
}

const refuse = (outcome: RateLimitOutcome): void => {
  if (!outcome.allowed) throw new TooManyAttempts(outcome.retryAfterSeconds);
};

/** Case-folded, and hashed when longer than a key is kept. */
function normal(key: string): string {
  const folded = key.toLowerCase();
  return folded.length <= ATTEMPT_KEY_MAX_CHARS ? folded : `#${createHash('sha256').update(folded).digest('base64url')}`;
}

export function createAttemptLimiter(overrides: Partial<AttemptLimitSettings> = {}, now: () => number = Date.now): AttemptLimiter {
  const settings: AttemptLimitSettings = { ...ATTEMPT_LIMITS, ...overrides };
  const limiters = new Map(
    (Object.keys(settings) as AttemptLimitName[]).map((name) => [
      name,
      new MemoryRateLimiter(settings[name].points, settings[name].windowS, now, ATTEMPT_LIMIT_MAX_KEYS),
    ]),
  );
  const limiter = (name: AttemptLimitName) => limiters.get(name)!;
  return {
    async check(name, key) {
      refuse(limiter(name).peek(normal(key)));
    },
    async count(name, key) {
      refuse(await limiter(name).limit(normal(key)));
    },
    async clear(name, key) {
      limiter(name).forget(normal(key));
    },
  };
}
