import type { AccountsDb } from '../accounts/schema.ts';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../auth/constants.ts';
import { newSecret, secretHash } from '../auth/secrets.ts';
import type { Role } from '../permissions/roles.ts';
import type { Built } from '@loopbox/contract/common';
import type { Session } from '@loopbox/contract/sessions';

export interface NewSession {
  id: string;
  /** The cookie's value: handed to the client once, stored only as its hash. */
  secret: string;
  expiresAt: Date;
}

export interface LiveSession {
  id: string;
  userId: number;
  username: string;
  role: Role;
  createdAt: Date;
  lastSeenAt: Date;
}

/** Starts a session for the user (inside the caller's transaction, beside its audit event). */
export async function createSession(db: AccountsDb, userId: number, client: { address: string; userAgent: string }): Promise<NewSession> {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
  const row = await db
    .insertInto('sessions')
    .values({
      secret_hash: secretHash(secret),
      user_id: userId,
      expires_at: expiresAt,
      address: client.address,
      user_agent: client.userAgent,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, secret, expiresAt };
}

/** The live (unrevoked, unexpired) session a cookie names, with its user. */
export async function sessionBySecret(db: AccountsDb, secret: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.user_id', 'u.username', 'u.role', 's.created_at', 's.last_seen_at'])
    .where('s.secret_hash', '=', secretHash(secret))
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      username: row.username,
      role: row.role,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    }
  );
}

/** Marks a session used now and slides its expiry (never past its maximum life). */
export async function touchSession(db: AccountsDb, session: Pick<LiveSession, 'id' | 'createdAt'>): Promise<void> {
  const now = Date.now();
  const expiresAt = new Date(Math.min(now + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_MAX_MS));
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(now), expires_at: expiresAt })
    .where('id', '=', session.id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes a user's live sessions: all of them, all but one (`except`), or just one (`only`). Returns the ids revoked. */
export async function revokeSessions(db: AccountsDb, userId: number, which: { except?: string; only?: string } = {}): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (which.except) query = query.where('id', '!=', which.except);
  if (which.only) query = query.where('id', '=', which.only);
  return (await query.returning('id').execute()).map((r) => r.id);
}

export type SessionListing = Built<typeof Session>;

/** A user's live sessions, most recently used first. */
export async function listSessions(db: AccountsDb, userId: number): Promise<SessionListing[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'address', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('last_seen_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The user a session belongs to, if it is live (for staff revoking someone else's). */
export async function sessionOwner(db: AccountsDb, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('user_id').where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return row?.user_id;
}
