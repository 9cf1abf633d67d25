import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { jsonBody } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { FieldError } from '../http/envelope.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { signupAttemptMessage, signupConfirmMessage } from '../mail/messages.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { email, password, username } from './fields.ts';
import { accountsDb, baseDb } from './schema.ts';
import { pendingUsernameClash, requestSignup, usernamePending } from './signup-requests.ts';
import { accountByEmail, usernameTaken } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { SignupAcceptedAnswer } from '@loopbox/contract/accounts';

const SignupBody = z
  .object({ username, email, password })
  .refine((b) => b.password.toLowerCase() !== b.username.toLowerCase() && b.password.toLowerCase() !== b.email.toLowerCase(), {
    path: ['password'],
    message: 'password must differ from your username and e-mail',
  });

/** What a sign-up answers, whether the address was free or already an account's: the mailbox tells which. */
export const SIGNUP_ACCEPTED = 'Check your mail: open the link in it to confirm your address and finish making your account.';

/**
 * POST /api/v1/accounts/ signs up, answering 202 alike for a new address and for one an account
 * already uses, and making no account either way: a pending request (accounts/signup-requests.ts)
 * holds the username, and only the link mailed to a new address makes the account
 * (signup-confirm.ts). A taken address's owner is mailed a notice and no link. So neither the answer,
 * nor logging in as the new name, nor signing up with it again tells whether an address is
 * registered. Usernames are public handles: one taken by an account or a live request is a 409.
 * Sign-ups count against the address's and the e-mail's mail budgets.
 */
export function signupRoutes(deps: AuthDeps & MailDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post(
    '/api/v1/accounts/',
    describe({
      tag: 'accounts',
      summary: 'Sign up',
      description:
        'Mails a link that makes the account (POST /api/v1/accounts/confirm/); until it is opened the username is held and no account exists. The same 202 answer when the address already has an account (its owner is mailed a notice, no link). Sign-ups are limited per address and per e-mail (429).',
      response: SignupAcceptedAnswer,
      access: { permission: 'account.create' },
      status: 202,
      body: SignupBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'account.create');
      const body = await jsonBody(c, SignupBody);
      await deps.limits.count('mailsPerAddress', c.var.auth.address);
      await deps.limits.count('mailsPerEmail', body.email);
      if (await usernameTaken(db, body.username)) throw new FieldError(409, 'username', 'That username is taken');
      const passwordHash = await hashPassword(body.password);
      const actor = actorOf(principal, c.var.auth.address);
      const origin = deps.linkOrigin.get();
      const owner = await accountByEmail(db, body.email);
      await db
        .transaction()
        .execute(async (trx) => {
          if (await usernamePending(trx, body.username)) throw new FieldError(409, 'username', 'That username is taken');
          // A request either way, so the name is held alike; a taken address's secret is never sent.
          const token = await requestSignup(trx, { username: body.username, email: body.email, passwordHash });
          if (owner) {
            await enqueueMail(trx, owner.email, signupAttemptMessage(origin, owner.username));
            await appendEvents(baseDb(trx), [
              auditEvent('account.signup_attempted', owner.userId, { ...actor, userId: null }, { username: body.username }),
            ]);
          } else {
            await enqueueMail(trx, body.email, signupConfirmMessage(origin, body.username, token));
          }
        })
        .catch((err: unknown) => {
          if (pendingUsernameClash(err)) throw new FieldError(409, 'username', 'That username is taken');
          throw err;
        });
      deps.onMailQueued?.();
      return c.json(envelope({ username: body.username, email: body.email, message: SIGNUP_ACCEPTED }, newResponseId()), 202);
    },
  );
  return app;
}
