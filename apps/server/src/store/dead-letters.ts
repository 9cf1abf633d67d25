import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** A refused event is kept up to this many characters of its JSON. */
export const MAX_DEAD_LETTER_CHARS = 4_000;
/** Dead letters older than this are pruned. */
export const DEAD_LETTER_RETENTION_MS = 30 * 24 * 3_600_000;
/** Prune after this many new dead letters. */
export const DEAD_LETTER_PRUNE_EVERY = 1_000;

/** Where an event was refused: one of the collector's routes, or the search-event writer. */
export type DeadLetterSource = 'pingback' | 'analytics' | 'search';

export interface DeadLetter {
  error: string;
  event: unknown;
}

export interface DeadLetters {
  /** Keeps refused events with their reasons. Resolves false when they could not be kept (logged). */
  record(source: DeadLetterSource, apiKey: string | null, refused: readonly DeadLetter[]): Promise<boolean>;
}

/**
 * The dead-letter table (`collector_rejects`): each event refused on its way to the log, as sent
 * (its JSON, cut to a bound; escaped, so NUL and lone surrogates are stored as text), with the
 * reason, so refusals are counted and never silently lost. Old rows are pruned.
 */
export function deadLetters(db: Kysely<Database>, log?: (line: string) => void): DeadLetters {
  let sincePrune = 0;
  return {
    async record(source, apiKey, refused) {
      if (refused.length === 0) return true;
      try {
        await db
          .insertInto('collector_rejects')
          .values(
            refused.map((r) => ({
              route: source,
              reason: r.error,
              api_key: apiKey,
              raw: (JSON.stringify(r.event) ?? 'undefined').slice(0, MAX_DEAD_LETTER_CHARS),
            })),
          )
          .execute();
        sincePrune += refused.length;
        if (sincePrune >= DEAD_LETTER_PRUNE_EVERY) {
          sincePrune = 0;
          await db
            .deleteFrom('collector_rejects')
            .where('received_at', '<', sql<Date>`now() - ${`${DEAD_LETTER_RETENTION_MS} milliseconds`}::interval`)
            .execute();
        }
        return true;
      } catch (err) {
        log?.(`dead letters: could not keep ${refused.length} refused ${source} events: ${(err as Error).message}`);
        return false;
      }
    },
  };
}
