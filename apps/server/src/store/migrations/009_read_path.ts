import { sql, type Kysely } from 'kysely';

/**
 * The public read path at scale (docs/decisions.md, "The public read path at scale"):
 * - `gif_wire`: each GIF's GIPHY wire object, built once per change of the GIF or its user. A body is
 *   served only while `source` still names the row versions it was built from (the `xmin` of the
 *   GIF's row and of its user's), so any change, by any code path or process, retires it unseen.
 * - `trending_pages` / `trending_lists`: the trending order per content list and rating, the first
 *   positions kept in order by the projection runner, so a page is an index range read.
 * - `gifs_content_version`: bumped by every statement that changes `gifs`, so the runner knows when
 *   the order must be rebuilt for content reasons (new, hidden, removed or re-rated GIFs).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE gif_wire (
    gif_id text PRIMARY KEY REFERENCES gifs(id) ON DELETE CASCADE,
    source text NOT NULL,
    origin_mark text NOT NULL,
    body text NOT NULL)`.execute(db);

  await sql`CREATE TABLE trending_pages (list text NOT NULL, pos integer NOT NULL, gif_id text NOT NULL, PRIMARY KEY (list, pos))`.execute(
    db,
  );
  await sql`CREATE TABLE trending_lists (
    list text PRIMARY KEY,
    total integer NOT NULL,
    built_seq bigint NOT NULL,
    content_version bigint NOT NULL,
    built_at timestamptz NOT NULL DEFAULT now())`.execute(db);

  await sql`CREATE SEQUENCE gifs_content_version`.execute(db);
  await sql`
    CREATE FUNCTION loopbox_gifs_changed() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN PERFORM nextval('gifs_content_version'); RETURN NULL; END $$`.execute(db);
  await sql`
    CREATE TRIGGER gifs_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gifs
    FOR EACH STATEMENT EXECUTE FUNCTION loopbox_gifs_changed()`.execute(db);
}
