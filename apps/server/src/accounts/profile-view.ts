import { sql, type Selectable } from 'kysely';
import { presentUser } from '../public-api/present.ts';
import type { LinkBase } from '../http/origin.ts';
import type { UsersTable } from '../store/schema.ts';
import type { AccountsDb, AccountsTables, SocialLinks } from './schema.ts';

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
export function publicProfile(row: ProfileRow, links: LinkBase): Record<string, unknown> {
  const socialLinks: SocialLinks = row.social_links;
  return { ...presentUser(row, links), social_links: socialLinks };
}

/** What the user themself and staff see besides. */
export function privateProfile(row: ProfileRow, links: LinkBase): Record<string, unknown> {
  return {
    ...publicProfile(row, links),
    role: row.role,
    email: row.email,
    email_verified: row.email_verified_at !== null,
    password_set: row.password_set,
    created_at: row.created_at,
  };
}
