import { sql, type Kysely } from 'kysely';

/**
 * Trending searches that one person cannot write (issue 30, item 5): the distinct searchers who
 * found results for each term (a projection: salted hashes only, analytics/projectors/searches.ts),
 * each UTC day's salt (deleted after a day), and the terms staff approved for when review is on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE search_term_searchers (
      term text NOT NULL, searcher text NOT NULL, last_seen timestamptz NOT NULL, PRIMARY KEY (term, searcher))`.execute(db);
  await sql`CREATE INDEX search_term_searchers_last_seen_idx ON search_term_searchers (last_seen)`.execute(db);
  await sql`CREATE TABLE searcher_salts (day date PRIMARY KEY, salt text NOT NULL)`.execute(db);
  await sql`
    CREATE TABLE approved_trending_terms (
      term text PRIMARY KEY CHECK (term = lower(term) AND length(term) BETWEEN 1 AND 50),
      approved_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
