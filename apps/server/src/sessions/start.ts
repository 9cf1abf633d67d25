import type { Context } from 'hono';
import { baseDb, type AccountsDb } from '../accounts/schema.ts';
import { auditEvent, type Actor } from '../auth/audit.ts';
import { userAgent } from '../http/client.ts';
import type { AuthEnv } from '../auth/context.ts';
import { appendEvents } from '../store/events.ts';
import { setSessionCookies } from './cookies.ts';
import { createSession, type NewSession } from './store.ts';
import type { Built } from '@loopbox/contract/common';
import type { SignedIn } from '@loopbox/contract/sessions';

/** Starts a session inside the caller's transaction and logs `session.created` (by its public id, never its secret). */
export async function startSession(
  c: Context<AuthEnv>,
  db: AccountsDb,
  userId: number,
  actor: Actor,
  method: 'password' | 'signup',
): Promise<NewSession> {
  const session = await createSession(db, userId, { address: c.var.auth.address, userAgent: userAgent(c) });
  await appendEvents(baseDb(db), [auditEvent('session.created', userId, actor, { session: session.id, method })]);
  return session;
}

/** Hands a started session to the client (its cookies) and returns what signing in answers. */
export function signedInAnswer(
  c: Context,
  session: NewSession,
  user: { userId: number; username: string },
  publicUrl: string | undefined,
): Built<typeof SignedIn> {
  const csrfToken = setSessionCookies(c, session.secret, session.expiresAt, publicUrl);
  return { user_id: user.userId, username: user.username, csrf_token: csrfToken, expires_at: session.expiresAt };
}
