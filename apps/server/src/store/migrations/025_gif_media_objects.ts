import { sql, type Kysely } from 'kysely';

/**
 * The media store's keys of each GIF (issue 35): recorded before the files are stored, so a GIF's
 * objects can be deleted (after a removal's retention, or a commit that never happened) without
 * listing a bucket. No reference to gifs: the keys exist before the GIF's row does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE gif_media_objects (gif_id text NOT NULL, key text NOT NULL, PRIMARY KEY (gif_id, key))`.execute(db);
}
