import { sql, type Kysely } from 'kysely';

/** The columns a search filters and ranks by, in `gif_search` as in `gifs`. */
export const GIF_SEARCH_COLUMNS = ['id', 'type', 'rating_rank', 'is_hidden', 'is_removed', 'user_id', 'import_datetime', 'search'] as const;

/**
 * `gif_search`: each GIF's search columns alone (about a sixth of a `gifs` row), kept by triggers in
 * the statement that changes the GIF. Ranking a term reads one heap row per match; from the wide
 * table that is a page per match, and at a million GIFs those pages no longer stay in shared
 * buffers (docs/decisions.md, "The public read path at scale"). Rows go with their GIF (cascade).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns = sql.raw(GIF_SEARCH_COLUMNS.join(', '));
  const fromNew = sql.raw(GIF_SEARCH_COLUMNS.map((c) => `NEW.${c}`).join(', '));
  const fromOld = sql.raw(GIF_SEARCH_COLUMNS.map((c) => `OLD.${c}`).join(', '));
  const updates = sql.raw(
    GIF_SEARCH_COLUMNS.filter((c) => c !== 'id')
      .map((c) => `${c} = EXCLUDED.${c}`)
      .join(', '),
  );
  await sql`CREATE TABLE gif_search (
    id text PRIMARY KEY REFERENCES gifs(id) ON DELETE CASCADE,
    type text NOT NULL,
    rating_rank smallint NOT NULL,
    is_hidden boolean NOT NULL,
    is_removed boolean NOT NULL,
    user_id integer,
    import_datetime timestamptz NOT NULL,
    search tsvector NOT NULL)`.execute(db);
  await sql`INSERT INTO gif_search (${columns}) SELECT ${columns} FROM gifs`.execute(db);
  await sql`CREATE INDEX gif_search_search_idx ON gif_search USING gin (search) WITH (fastupdate = off)`.execute(db);
  await sql`CREATE INDEX gif_search_user_idx ON gif_search (user_id)`.execute(db);

  // Inserts per statement (a bulk load is one INSERT … SELECT), updates per row and only when a search column moved.
  await sql`
    CREATE FUNCTION loopbox_gif_search_inserted() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN
      INSERT INTO gif_search (${columns}) SELECT ${columns} FROM inserted_gifs;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER gifs_search_inserted AFTER INSERT ON gifs REFERENCING NEW TABLE AS inserted_gifs
    FOR EACH STATEMENT EXECUTE FUNCTION loopbox_gif_search_inserted()`.execute(db);
  await sql`
    CREATE FUNCTION loopbox_gif_search_updated() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN
      INSERT INTO gif_search (${columns}) VALUES (${fromNew}) ON CONFLICT (id) DO UPDATE SET ${updates};
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER gifs_search_updated AFTER UPDATE ON gifs FOR EACH ROW
    WHEN ((${fromOld}) IS DISTINCT FROM (${fromNew}))
    EXECUTE FUNCTION loopbox_gif_search_updated()`.execute(db);
}
