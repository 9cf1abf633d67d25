import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { CONTENT_VERSION_REFRESH_MS } from './constants.ts';

/** The store's content version: a sequence every statement changing `gifs` bumps (migration 009). */
export async function readContentVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ v: string }>`SELECT last_value::text AS v FROM gifs_content_version`.execute(db);
  return rows[0]?.v ?? '0';
}

/**
 * The content version as this process last read it, reread at most every CONTENT_VERSION_REFRESH_MS
 * (one tiny query a second, whatever the load). Read from the primary: a replica sees a sequence
 * move only when its WAL record does.
 */
export function contentVersionReader(db: Kysely<Database>, now: () => number = Date.now): () => Promise<string> {
  let value = '';
  let readAt = -Infinity;
  let reading: Promise<string> | undefined;
  return () => {
    if (now() - readAt < CONTENT_VERSION_REFRESH_MS) return Promise.resolve(value);
    reading ??= readContentVersion(db)
      .then((v) => {
        value = v;
        readAt = now();
        return v;
      })
      .finally(() => (reading = undefined));
    return reading;
  };
}
