import { LRUCache } from 'lru-cache';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { KEY_CACHE_SIZE } from './constants.ts';

export type HourlyOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface HourlyLimit {
  /** Counts one call of `key` in the current hour (UTC, shared by every process through the store) against `limit`. */
  take(key: string, limit: number): Promise<HourlyOutcome>;
}

const HOUR_MS = 3_600_000;

/**
 * A fixed hourly window per key, counted in the store (api_key_hourly_calls) by one atomic upsert per
 * call, so every process sees the same count and a key gets its limit once however many processes
 * serve it. A key found over its limit is refused from memory until its hour ends, so a caller
 * hammering past the limit costs no writes.
 */
export function createHourlyLimit(db: Kysely<Database>, now: () => number = Date.now): HourlyLimit {
  const exhaustedUntil = new LRUCache<string, number>({ max: KEY_CACHE_SIZE });
  const refusal = (until: number, at: number): HourlyOutcome => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((until - at) / 1000)),
  });
  return {
    async take(key, limit) {
      const at = now();
      const hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
      const hourEnd = hourStart + HOUR_MS;
      const known = exhaustedUntil.get(key);
      if (known !== undefined && known > at) return refusal(known, at);
      const result = await sql<{ calls: number }>`
        INSERT INTO api_key_hourly_calls (key, hour, calls) VALUES (${key}, ${new Date(hourStart)}, 1)
        ON CONFLICT (key, hour) DO UPDATE SET calls = api_key_hourly_calls.calls + 1
        RETURNING calls`.execute(db);
      if (result.rows[0]!.calls <= limit) return { allowed: true };
      exhaustedUntil.set(key, hourEnd);
      return refusal(hourEnd, at);
    },
  };
}

/** Drops hourly counts older than `keptMs` (the usage meter's flush calls it). */
export async function pruneHourlyCounts(db: Kysely<Database>, keptMs: number, at: number = Date.now()): Promise<void> {
  await sql`DELETE FROM api_key_hourly_calls WHERE hour < ${new Date(at - keptMs)}`.execute(db);
}
