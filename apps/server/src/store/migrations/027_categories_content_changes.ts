import { sql, type Kysely } from 'kysely';

/**
 * Changes to `categories` count as content changes too (migration 016's notification): the home
 * page's first screen, kept while nothing it read has changed (web/first-screen/kept-screens.ts),
 * shows the category cards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TRIGGER categories_content_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
    FOR EACH STATEMENT EXECUTE FUNCTION loopbox_content_changed()`.execute(db);
}
