import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { FieldError } from '../http/envelope.ts';
import { verifyEmailMessage } from '../mail/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { mailedToken } from './fields.ts';
import { consumeMailedToken, issueMailedToken } from './mailed-tokens.ts';
import { baseDb, accountsDb } from './schema.ts';
import { duplicateField } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { EmailVerifiedAnswer, LinkSentAnswer } from '@loopbox/contract/accounts';

const VerifyBody = z.object({ token: mailedToken });

/**
 * POST /api/v1/email/verify/ confirms an address by its mailed token: the account's own (it becomes
 * verified) or a new one asked for in the profile (it replaces the old). POST
 * /api/v1/email/verify/resend/ mails the signed-in user a fresh link.
 */
export function emailRoutes(deps: AuthDeps & MailDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v1/email/verify/',
    describe({
      tag: 'accounts',
      summary: 'Verify an e-mail address',
      description: 'With the token mailed to it.',
      response: EmailVerifiedAnswer,
      access: { permission: 'email.verify' },
      body: VerifyBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'email.verify');
      const { token } = await jsonBody(c, VerifyBody);
      const actor = actorOf(principal, c.var.auth.address);
      const verified = await db
        .transaction()
        .execute(async (trx) => {
          const used = await consumeMailedToken(trx, token, 'verify_email');
          if (!used) return undefined;
          const before = await trx.selectFrom('accounts').select('email').where('user_id', '=', used.userId).executeTakeFirstOrThrow();
          await trx
            .updateTable('accounts')
            .set({ email: used.email, email_verified_at: new Date() })
            .where('user_id', '=', used.userId)
            .execute();
          const changed = before.email.toLowerCase() !== used.email.toLowerCase();
          await appendEvents(baseDb(trx), [
            auditEvent(
              changed ? 'email.changed' : 'email.verified',
              used.userId,
              actor,
              changed ? { from: before.email, to: used.email } : { email: used.email },
            ),
          ]);
          return used;
        })
        .catch((err: unknown) => {
          if (duplicateField(err) === 'email')
            throw new FieldError(409, 'token', 'Another account has taken that address since the link was sent');
          throw err;
        });
      if (!verified) throw new FieldError(400, 'token', 'This link is invalid, used or expired; ask for a new one');
      return c.json(envelope({ email: verified.email, verified: true }, newResponseId()));
    },
  );

  app.post(
    '/api/v1/email/verify/resend/',
    describe({
      tag: 'accounts',
      summary: 'Mail the verification link again',
      response: LinkSentAnswer,
      access: { permission: 'profile.edit' },
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'profile.edit');
      const account = await db
        .selectFrom('accounts')
        .select(['email', 'email_verified_at'])
        .where('user_id', '=', principal.userId)
        .executeTakeFirst();
      if (!account) throw new ApiError(404, 'This user has no e-mail address');
      if (account.email_verified_at) throw new ApiError(409, 'Your e-mail address is already verified');
      await deps.limits.count('mailsPerEmail', account.email);
      await deps.limits.count('mailsPerAddress', c.var.auth.address);
      await db.transaction().execute(async (trx) => {
        const token = await issueMailedToken(trx, principal.userId, 'verify_email', account.email);
        await enqueueMail(trx, account.email, verifyEmailMessage(deps.linkOrigin.get(), principal.username, token));
      });
      deps.onMailQueued?.();
      return c.json(envelope({ sent: true }, newResponseId()));
    },
  );

  return app;
}
