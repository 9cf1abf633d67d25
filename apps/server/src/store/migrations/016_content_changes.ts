import { sql, type Kysely } from 'kysely';

/**
 * `loopbox_content`: a notification at the commit of any statement changing `gifs` or `users` (the
 * rows every GIF's wire object is built from, migration 009) or `trending_lists` (a kept trending
 * list rebuilt or asked for). A process whose store hands it its own notifications before the
 * writer's call returns (the embedded store, `Store.contentChanges`) keeps what it read for a page
 * of GIFs until one arrives, instead of rereading it per answer. PostgreSQL folds repeats within a
 * transaction into one.
 */
export const CONTENT_CHANGES_CHANNEL = 'loopbox_content';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION loopbox_content_changed() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN PERFORM pg_notify(${sql.raw(`'${CONTENT_CHANGES_CHANNEL}'`)}, ''); RETURN NULL; END $$`.execute(db);
  for (const table of ['gifs', 'users', 'trending_lists']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_content_notify`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION loopbox_content_changed()`.execute(db);
  }
}
