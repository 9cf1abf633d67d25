import { sql, type Kysely } from 'kysely';
import { CONTENT_CHANGES_SETTING } from './016_content_changes.ts';

/**
 * `loopbox_trending_searches`: a notification at the commit of any statement changing what trending
 * searches are read from beside `gifs` and `users` (migration 016's): the searches' scores and
 * searchers (the projections), and the terms moderators block or approve. Sent, as 016's, only by a
 * session that set CONTENT_CHANGES_SETTING (the embedded store's), on a channel of its own: searches
 * are folded every second under traffic, and must not drop what the process keeps of GIFs.
 */
export const TRENDING_SEARCH_CHANGES_CHANNEL = 'loopbox_trending_searches';

const TABLES = ['search_trending', 'search_term_searchers', 'blocked_trending_terms', 'approved_trending_terms'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION loopbox_trending_searches_changed() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN
      IF current_setting(${sql.raw(`'${CONTENT_CHANGES_SETTING}'`)}, true) = 'on' THEN
        PERFORM pg_notify(${sql.raw(`'${TRENDING_SEARCH_CHANGES_CHANNEL}'`)}, '');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_trending_searches_notify`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION loopbox_trending_searches_changed()`.execute(db);
  }
}
