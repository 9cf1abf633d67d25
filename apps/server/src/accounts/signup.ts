import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { jsonBody } from '../boundary/json-body.ts';
import type { BackendDeps } from '../backend/deps.ts';
import { FieldError } from '../public-api/envelope.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { verifyEmailMessage } from '../mail/messages.ts';
import { envelope, newResponseId } from '../public-api/envelope.ts';
import { setSessionCookies } from '../sessions/cookies.ts';
import { startSession } from '../sessions/start.ts';
import { createAccount } from './create.ts';
import { email, password, username } from './fields.ts';
import { issueMailedToken } from './mailed-tokens.ts';
import { accountsDb } from './schema.ts';
import { duplicateField, emailTaken, usernameTaken } from './store.ts';
import { describe } from '../openapi/describe.ts';

const SignupBody = z
  .object({ username, email, password })
  .refine((b) => b.password.toLowerCase() !== b.username.toLowerCase() && b.password.toLowerCase() !== b.email.toLowerCase(), {
    path: ['password'],
    message: 'password must differ from your username and e-mail',
  });

/**
 * POST /api/v1/accounts/ signs up: a `user` account, signed in at once, with a verification mail
 * queued in the same transaction. Sign-ups count against the address's mail budget.
 */
export function signupRoutes(deps: BackendDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post('/api/v1/accounts/', describe({ tag: 'accounts', summary: 'Sign up', description: 'Creates the account, signs it in and mails a verification link. Sign-ups are limited per address (429).', access: { permission: 'account.create' }, status: 201, body: SignupBody }), async (c) => {
    const principal = await authorize(c, 'account.create');
    const body = await jsonBody(c, SignupBody);
    await deps.limits.count('mailsPerAddress', c.var.auth.address);
    if (await usernameTaken(db, body.username)) throw new FieldError(409, 'username', 'That username is taken');
    if (await emailTaken(db, body.email)) throw new FieldError(409, 'email', 'An account already uses that e-mail address');
    const passwordHash = await hashPassword(body.password);
    const actor = actorOf(principal, c.var.auth.address);
    const origin = deps.linkOrigin.get();
    const { userId, session } = await db
      .transaction()
      .execute(async (trx) => {
        const userId = await createAccount(trx, { username: body.username, email: body.email, passwordHash, role: 'user', emailVerified: false }, { ...actor, userId: null });
        const token = await issueMailedToken(trx, userId, 'verify_email', body.email);
        await enqueueMail(trx, body.email, verifyEmailMessage(origin, body.username, token));
        return { userId, session: await startSession(c, trx, userId, { ...actor, userId }, 'signup') };
      })
      .catch((err: unknown) => {
        const field = duplicateField(err);
        if (field) throw new FieldError(409, field, field === 'username' ? 'That username is taken' : 'An account already uses that e-mail address');
        throw err;
      });
    deps.onMailQueued?.();
    const csrfToken = setSessionCookies(c, session.secret, session.expiresAt, deps.publicUrl);
    return c.json(envelope({ user_id: userId, username: body.username, csrf_token: csrfToken, expires_at: session.expiresAt }, newResponseId()), 201);
  });
  return app;
}
