import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import { describe } from '../openapi/describe.ts';
import { SignedInAnswer } from '@loopbox/contract/sessions';
import { envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { signedInAnswer, startSession } from '../sessions/start.ts';
import { createAccount } from './create.ts';
import { mailedToken } from './fields.ts';
import { accountsDb } from './schema.ts';
import { consumeSignupRequest } from './signup-requests.ts';
import { accountByEmail, duplicateField, usernameTaken } from './store.ts';

const ConfirmBody = z.object({ token: mailedToken });

const INVALID_LINK = 'This sign-up link is invalid, used or expired; sign up again';

/**
 * POST /api/v1/accounts/confirm/ finishes a sign-up with the token its mail carried: the request
 * is used up, the account made with its address verified (the link proved it) and a session started
 * as logging in does (201 with login's answer). A link whose address or name an account took
 * meanwhile makes nothing and answers as an invalid one.
 */
export function signupConfirmRoutes(deps: AuthDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post(
    '/api/v1/accounts/confirm/',
    describe({
      tag: 'accounts',
      summary: 'Finish signing up',
      description:
        'With the token mailed by a sign-up: makes the account (its address verified) and signs in, setting the session and CSRF cookies as logging in does. A used, expired or unknown token is a 400.',
      response: SignedInAnswer,
      access: { permission: 'account.create' },
      status: 201,
      body: ConfirmBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'account.create');
      const { token } = await jsonBody(c, ConfirmBody);
      const actor = actorOf(principal, c.var.auth.address);
      const made = await db
        .transaction()
        .execute(async (trx) => {
          const request = await consumeSignupRequest(trx, token);
          if (!request || (await accountByEmail(trx, request.email)) || (await usernameTaken(trx, request.username))) return undefined;
          const userId = await createAccount(
            trx,
            { username: request.username, email: request.email, passwordHash: request.passwordHash, role: 'user', emailVerified: true },
            actor,
          );
          const session = await startSession(c, trx, userId, actor, 'signup');
          return { userId, username: request.username, session };
        })
        .catch((err: unknown) => {
          // An account took the address or the name a moment ago: nothing was made.
          if (duplicateField(err)) return undefined;
          throw err;
        });
      if (!made) throw new FieldError(400, 'token', INVALID_LINK);
      return c.json(envelope(signedInAnswer(c, made.session, made, deps.publicUrl), newResponseId()), 201);
    },
  );
  return app;
}
