import { sql, type Kysely } from 'kysely';

/**
 * `gif_search_changes_pruned`: the highest seq pruned from `gif_search_changes` (search-index/prune.ts),
 * one row. Pruning deletes changes and raises it in one statement, so a follower (search-index/follow.ts)
 * sees both or neither and knows when changes it never read are gone: then it fills its index again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE gif_search_changes_pruned (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    through bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO gif_search_changes_pruned (through) VALUES (0)`.execute(db);
}
