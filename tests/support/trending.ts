import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/store/schema.ts';

/**
 * A term as the projector keeps one that qualifies to trend: far ahead of any other by score, and
 * searched with results by `searchers` distinct searchers just now (more than the default minimum).
 */
export async function projectTrendingTerm(db: Kysely<Database>, term: string, searchers = 9): Promise<void> {
  await sql`INSERT INTO search_trending (term, score, as_of, rank, searches) VALUES (${term}, 1e9, now(), 1e12, 500)`.execute(db);
  await sql`INSERT INTO search_term_searchers (term, searcher, last_seen) SELECT ${term}, 'searcher-' || n, now() FROM generate_series(1, ${searchers}::int) n`.execute(
    db,
  );
}
