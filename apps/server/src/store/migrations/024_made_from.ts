import { sql, type Kysely } from 'kysely';

/**
 * The GIF maker's credit (issue 31): a GIF made from another GIF names it. A source that is ever
 * deleted outright (GIFs are removed by flags, not rows) leaves the credit empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE gifs ADD COLUMN made_from text REFERENCES gifs (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX gifs_made_from_idx ON gifs (made_from) WHERE made_from IS NOT NULL`.execute(db);
}
