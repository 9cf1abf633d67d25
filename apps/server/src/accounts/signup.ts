import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { jsonBody } from '../boundary/json-body.ts';
import type { BackendDeps } from '../backend/deps.ts';
import { FieldError } from '../public-api/envelope.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signupAttemptMessage, verifyEmailMessage } from '../mail/messages.ts';
import { envelope, newResponseId } from '../public-api/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { createAccount } from './create.ts';
import { email, password, username } from './fields.ts';
import { issueMailedToken } from './mailed-tokens.ts';
import { accountsDb, baseDb } from './schema.ts';
import { accountByEmail, duplicateField, usernameTaken } from './store.ts';
import { describe } from '../openapi/describe.ts';

const SignupBody = z
  .object({ username, email, password })
  .refine((b) => b.password.toLowerCase() !== b.username.toLowerCase() && b.password.toLowerCase() !== b.email.toLowerCase(), {
    path: ['password'],
    message: 'password must differ from your username and e-mail',
  });

/** What a sign-up answers, whether the address was free or already an account's: the mailbox tells which. */
export const SIGNUP_ACCEPTED = 'Check your mail: a link to confirm your address is on its way. Then log in.';

/**
 * POST /api/v1/accounts/ signs up, answering 202 alike for a new address and for one an account
 * already uses, so sign-up tells no more than a reset which addresses are registered. A new address
 * gets a `user` account and a confirmation mail; a taken one gets no account, and its owner a notice
 * (both queued in one transaction). Usernames are public handles: a taken one is still a 409.
 * Sign-ups count against the address's and the e-mail's mail budgets.
 */
export function signupRoutes(deps: BackendDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post('/api/v1/accounts/', describe({ tag: 'accounts', summary: 'Sign up', description: 'Creates the account and mails a link to confirm the address; the same 202 answer when the address already has an account (its owner is mailed instead). Sign-ups are limited per address and per e-mail (429).', access: { permission: 'account.create' }, status: 202, body: SignupBody }), async (c) => {
    const principal = await authorize(c, 'account.create');
    const body = await jsonBody(c, SignupBody);
    await deps.limits.count('mailsPerAddress', c.var.auth.address);
    await deps.limits.count('mailsPerEmail', body.email);
    if (await usernameTaken(db, body.username)) throw new FieldError(409, 'username', 'That username is taken');
    // Hashed either way, so the answer takes as long for a taken address as for a new one.
    const passwordHash = await hashPassword(body.password);
    const actor = actorOf(principal, c.var.auth.address);
    const origin = deps.linkOrigin.get();
    const owner = await accountByEmail(db, body.email);
    await db
      .transaction()
      .execute(async (trx) => {
        if (owner) {
          await enqueueMail(trx, owner.email, signupAttemptMessage(origin, owner.username));
          await appendEvents(baseDb(trx), [auditEvent('account.signup_attempted', owner.userId, { ...actor, userId: null }, { username: body.username })]);
          return;
        }
        const userId = await createAccount(trx, { username: body.username, email: body.email, passwordHash, role: 'user', emailVerified: false }, { ...actor, userId: null });
        const token = await issueMailedToken(trx, userId, 'verify_email', body.email);
        await enqueueMail(trx, body.email, verifyEmailMessage(origin, body.username, token));
      })
      .catch((err: unknown) => {
        const field = duplicateField(err);
        if (field === 'username') throw new FieldError(409, 'username', 'That username is taken');
        // An account took the address a moment ago: answered as any taken address (its owner's notice is skipped).
        if (field !== 'email') throw err;
      });
    deps.onMailQueued?.();
    return c.json(envelope({ username: body.username, email: body.email, message: SIGNUP_ACCEPTED }, newResponseId()), 202);
  });
  return app;
}
