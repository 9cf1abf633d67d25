import { sql } from 'kysely';
import type { Role } from '../permissions/roles.ts';
import type { AccountsDb } from './schema.ts';

export interface LoginAccount {
  userId: number;
  username: string;
  passwordHash: string | null;
}

/** The account a login names, by username or e-mail (either, case-insensitively). */
export async function accountByLogin(db: AccountsDb, login: string): Promise<LoginAccount | undefined> {
  const key = login.trim().toLowerCase();
  const row = await db
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.user_id', 'u.id')
    .select(['u.id', 'u.username', 'a.password_hash'])
    .where((eb) => eb.or([eb(sql`lower(u.username)`, '=', key), eb(sql`lower(a.email)`, '=', key)]))
    .executeTakeFirst();
  return row && { userId: row.id, username: row.username, passwordHash: row.password_hash };
}

export async function accountByEmail(
  db: AccountsDb,
  email: string,
): Promise<{ userId: number; username: string; email: string } | undefined> {
  const row = await db
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.username', 'a.email'])
    .where(sql`lower(a.email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row && { userId: row.id, username: row.username, email: row.email };
}

export async function passwordHashOf(db: AccountsDb, userId: number): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('password_hash').where('user_id', '=', userId).executeTakeFirst();
  return row?.password_hash ?? null;
}

/**
 * Whether a username is taken: by a user, or by a channel's slug (a profile answers `/{name}` before
 * a channel does, so a new user must not hide an existing channel; README, Channels).
 */
export async function usernameTaken(db: AccountsDb, username: string): Promise<boolean> {
  const name = username.toLowerCase();
  if (await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', name).executeTakeFirst()) return true;
  return Boolean(await db.selectFrom('channels').select('id').where('slug', '=', name).executeTakeFirst());
}

export async function emailTaken(db: AccountsDb, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('accounts').select('user_id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('user_id', '!=', exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

export async function roleOf(db: AccountsDb, userId: number): Promise<Role | undefined> {
  return (await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst())?.role;
}

/** Which field a unique-constraint violation was about, for a 409 naming it (a race past the checks above). */
export function duplicateField(err: unknown): 'username' | 'email' | undefined {
  const { code, constraint } = (err ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  if (constraint?.startsWith('users_username')) return 'username';
  if (constraint === 'accounts_email_idx') return 'email';
  return undefined;
}
