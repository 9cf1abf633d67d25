import { sql } from 'kysely';
import { newSecret, secretHash } from '../auth/secrets.ts';
import { SIGNUP_REQUEST_TTL_MS } from './constants.ts';
import type { AccountsDb } from './schema.ts';

export interface SignupRequest {
  username: string;
  email: string;
  passwordHash: string;
}

/**
 * Whether a live (unexpired) sign-up request holds a username. Expired requests are deleted first,
 * every one of them, so a name nobody confirmed comes free again and no stale password hash stays.
 */
export async function usernamePending(db: AccountsDb, username: string): Promise<boolean> {
  await db.deleteFrom('signup_requests').where('expires_at', '<=', new Date()).execute();
  const row = await db
    .selectFrom('signup_requests')
    .select('token_hash')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Records a pending sign-up and returns its secret (stored only hashed) for the confirmation link.
 * A name another request holds fails with a unique violation (signup_requests_username_idx).
 */
export async function requestSignup(db: AccountsDb, request: SignupRequest): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('signup_requests')
    .values({
      token_hash: secretHash(token),
      username: request.username,
      email: request.email,
      password_hash: request.passwordHash,
      expires_at: new Date(Date.now() + SIGNUP_REQUEST_TTL_MS),
    })
    .execute();
  return token;
}

/** Uses up a sign-up's link: the request if it is live, else undefined. Single use: the row goes. */
export async function consumeSignupRequest(db: AccountsDb, token: string): Promise<SignupRequest | undefined> {
  const row = await db
    .deleteFrom('signup_requests')
    .where('token_hash', '=', secretHash(token))
    .where('expires_at', '>', new Date())
    .returning(['username', 'email', 'password_hash'])
    .executeTakeFirst();
  return row && { username: row.username, email: row.email, passwordHash: row.password_hash };
}

/** Whether a unique violation was a pending sign-up holding the username (a race past usernamePending). */
export function pendingUsernameClash(err: unknown): boolean {
  const { code, constraint } = (err ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'signup_requests_username_idx';
}
