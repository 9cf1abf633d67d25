import { sql, type Selectable } from 'kysely';
import { presentUser } from '../public-api/present.ts';
import type { LinkBase } from '../http/origin.ts';
import type { UsersTable } from '../store/schema.ts';
import type { AccountsDb, AccountsTables } from './schema.ts';
import type { PrivateProfile, UserProfile } from '@loopbox/contract/accounts';
import type { Built } from '@loopbox/contract/common';

export type ProfileRow = Selectable<UsersTable> &
  Selectable<AccountsTables['users']> & { email: string | null; email_verified_at: Date | null; password_set: boolean };

/** A user with their account's private fields (null e-mail: a seeded user with no account). */
export async function loadProfile(db: AccountsDb, userId: number): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('accounts as a', 'a.user_id', 'u.id')
    .selectAll('u')
    .select(['a.email', 'a.email_verified_at'])
    .select(sql<boolean>`a.password_hash IS NOT NULL`.as('password_set'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** What anyone may see of a public user: GIPHY's user object plus the profile's links. */
export function publicProfile(row: ProfileRow, links: LinkBase): Built<typeof UserProfile> {
  return { ...presentUser(row, links), social_links: row.social_links };
}

/** What the user themself and staff see besides. */
export function privateProfile(row: ProfileRow, links: LinkBase): Built<typeof PrivateProfile> {
  return {
    ...publicProfile(row, links),
    role: row.role,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    password_set: row.password_set,
    created_at: row.created_at,
  };
}
