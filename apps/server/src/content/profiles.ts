import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../store/schema.ts';

export type ProfileRow = Selectable<UsersTable>;

/**
 * A public user's profile by username, any letter case; undefined for an unknown user and for a
 * hidden one (users.is_public = false), so hidden users never show.
 */
export async function findPublicProfile(db: Kysely<Database>, username: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('is_public', '=', true)
    .executeTakeFirst();
}
