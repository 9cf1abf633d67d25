import type { Context } from 'hono';
import { baseDb, type AccountsDb } from '../accounts/schema.ts';
import { auditEvent, type Actor } from '../auth/audit.ts';
import { userAgent } from '../http/client.ts';
import type { AuthEnv } from '../auth/context.ts';
import { appendEvents } from '../store/events.ts';
import { createSession, type NewSession } from './store.ts';

/** Starts a session inside the caller's transaction and logs `session.created` (by its public id, never its secret). */
export async function startSession(c: Context<AuthEnv>, db: AccountsDb, userId: number, actor: Actor, method: 'password' | 'signup'): Promise<NewSession> {
  const session = await createSession(db, userId, { address: c.var.auth.address, userAgent: userAgent(c) });
  await appendEvents(baseDb(db), [auditEvent('session.created', userId, actor, { session: session.id, method })]);
  return session;
}
