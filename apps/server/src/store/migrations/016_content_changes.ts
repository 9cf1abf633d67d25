import { sql, type Kysely } from 'kysely';

/**
 * `loopbox_content`: a notification at the commit of any statement changing `gifs` or `users` (the
 * rows every GIF's wire object is built from, migration 009) or `trending_lists` (a kept trending
 * list rebuilt or asked for), sent only by a session that set CONTENT_CHANGES_SETTING. The embedded
 * store's one session sets it and hands itself the notifications before the writer's call returns
 * (`Store.contentChanges`), so it keeps what it read for a page of GIFs until one arrives. PostgreSQL
 * sessions leave it unset: a commit that notifies takes a database-wide lock there, a price every
 * write would pay for a listener nobody runs.
 */
export const CONTENT_CHANGES_CHANNEL = 'loopbox_content';
export const CONTENT_CHANGES_SETTING = 'loopbox.content_notify';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION loopbox_content_changed() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN
      IF current_setting(${sql.raw(`'${CONTENT_CHANGES_SETTING}'`)}, true) = 'on' THEN
        PERFORM pg_notify(${sql.raw(`'${CONTENT_CHANGES_CHANNEL}'`)}, '');
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of ['gifs', 'users', 'trending_lists']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_content_notify`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION loopbox_content_changed()`.execute(db);
  }
}
