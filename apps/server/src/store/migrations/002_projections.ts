import { sql, type Kysely } from 'kysely';

const COUNTS =
  'views bigint NOT NULL DEFAULT 0, clicks bigint NOT NULL DEFAULT 0, hovers bigint NOT NULL DEFAULT 0, starts bigint NOT NULL DEFAULT 0';

/** Read models folded from the event log (analytics/projectors); every one can be dropped and replayed. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE projector_state (name text PRIMARY KEY, last_seq bigint NOT NULL DEFAULT 0)`.execute(db);
  await sql`CREATE TABLE gif_counts (gif_id text PRIMARY KEY, ${sql.raw(COUNTS)})`.execute(db);
  await sql`CREATE TABLE user_counts (user_id integer PRIMARY KEY, ${sql.raw(COUNTS)})`.execute(db);
  await sql`CREATE TABLE gif_daily (gif_id text NOT NULL, day date NOT NULL, ${sql.raw(COUNTS)}, PRIMARY KEY (gif_id, day))`.execute(db);
  await sql`CREATE TABLE user_daily (user_id integer NOT NULL, day date NOT NULL, ${sql.raw(COUNTS)}, PRIMARY KEY (user_id, day))`.execute(
    db,
  );
  await sql`CREATE TABLE page_type_daily (page_type text NOT NULL, day date NOT NULL, ${sql.raw(COUNTS)}, PRIMARY KEY (page_type, day))`.execute(
    db,
  );
  // rank = log2(score) + as_of / half-life: orders like the score decayed to any common "now", so it is indexable.
  await sql`CREATE TABLE gif_trending (gif_id text PRIMARY KEY, score double precision NOT NULL, as_of timestamptz NOT NULL, rank double precision NOT NULL)`.execute(
    db,
  );
  await sql`CREATE INDEX gif_trending_rank_idx ON gif_trending (rank DESC, gif_id)`.execute(db);
  await sql`CREATE TABLE search_trending (
    term text PRIMARY KEY, score double precision NOT NULL, as_of timestamptz NOT NULL, rank double precision NOT NULL, searches bigint NOT NULL)`.execute(
    db,
  );
  await sql`CREATE INDEX search_trending_rank_idx ON search_trending (rank DESC, term)`.execute(db);
  await sql`CREATE TABLE search_responses (response_id text PRIMARY KEY, term text NOT NULL)`.execute(db);
  await sql`CREATE TABLE user_search_terms (user_id integer NOT NULL, term text NOT NULL, views bigint NOT NULL, PRIMARY KEY (user_id, term))`.execute(
    db,
  );
}
