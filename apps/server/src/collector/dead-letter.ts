import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Refused } from './batch.ts';
import { DEAD_LETTER_PRUNE_EVERY, DEAD_LETTER_RETENTION_MS, MAX_DEAD_LETTER_CHARS } from './constants.ts';

export type CollectorRoute = 'pingback' | 'analytics';

export interface DeadLetters {
  /** Keeps refused events with their reasons; never throws (a failure is logged, the answer stands). */
  record(route: CollectorRoute, apiKey: string, refused: readonly Refused[]): Promise<void>;
}

/**
 * The collector's dead-letter table: each refused event as sent (its JSON, cut to a bound; escaped,
 * so NUL and lone surrogates are stored as text), with the reason. Old rows are pruned.
 */
export function deadLetters(db: Kysely<Database>, log?: (line: string) => void): DeadLetters {
  let sincePrune = 0;
  return {
    async record(route, apiKey, refused) {
      if (refused.length === 0) return;
      try {
        await db
          .insertInto('collector_rejects')
          .values(refused.map((r) => ({ route, reason: r.error, api_key: apiKey, raw: (JSON.stringify(r.event) ?? 'undefined').slice(0, MAX_DEAD_LETTER_CHARS) })))
          .execute();
        sincePrune += refused.length;
        if (sincePrune >= DEAD_LETTER_PRUNE_EVERY) {
          sincePrune = 0;
          await db.deleteFrom('collector_rejects').where('received_at', '<', sql<Date>`now() - ${`${DEAD_LETTER_RETENTION_MS} milliseconds`}::interval`).execute();
        }
      } catch (err) {
        log?.(`collector: could not keep ${refused.length} refused events: ${(err as Error).message}`);
      }
    },
  };
}
