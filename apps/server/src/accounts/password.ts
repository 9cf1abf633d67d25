import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { hashPassword } from '../auth/passwords.ts';
import { jsonBody } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { FieldError } from '../http/envelope.ts';
import { passwordChangedMessage, resetPasswordMessage } from '../mail/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { revokeSessions } from '../sessions/store.ts';
import { revokeTokens } from '../tokens/store.ts';
import { appendEvents } from '../store/events.ts';
import { confirmPassword } from './confirm-password.ts';
import { currentPassword, email, mailedToken, password } from './fields.ts';
import { consumeMailedToken, issueMailedToken } from './mailed-tokens.ts';
import { baseDb, accountsDb, type AccountsDb } from './schema.ts';
import { accountByEmail } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { PasswordChangedAnswer, PasswordResetAnswer } from '@loopbox/contract/accounts';

const ChangeBody = z.object({ current_password: currentPassword, new_password: password });
/** SPEC 7.2's reset body: an e-mail asks for a link; the link's token with a new password sets it. */
const ResetBody = z.union([z.object({ token: mailedToken, password }).strict(), z.object({ email }).strict()], {
  error: 'send {email} to ask for a reset link, or {token, password} to set a new password',
});

/** What a reset request answers, whether or not an account uses the address. */
export const RESET_REQUESTED = 'If an account uses that address, a link to reset its password is on its way.';

async function setPassword(db: AccountsDb, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * POST /api/v3/password/change (signed in, current password required: other sessions end) and
 * POST /api/v3/password/reset (by mailed link: single use, one hour; every session ends).
 */
export function passwordRoutes(deps: AuthDeps & MailDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v3/password/change',
    describe({
      tag: 'accounts',
      summary: 'Change your password',
      description: 'Needs the current password; ends your other sessions and revokes every personal access token.',
      response: PasswordChangedAnswer,
      access: { permission: 'password.change' },
      body: ChangeBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'password.change');
      const body = await jsonBody(c, ChangeBody);
      await confirmPassword(db, deps.limits, principal.userId, body.current_password, 'current_password');
      const passwordHash = await hashPassword(body.new_password);
      const actor = actorOf(principal, c.var.auth.address);
      const to = await db.selectFrom('accounts').select('email').where('user_id', '=', principal.userId).executeTakeFirstOrThrow();
      const ended = await db.transaction().execute(async (trx) => {
        await setPassword(trx, principal.userId, passwordHash);
        const ended = await revokeSessions(trx, principal.userId, principal.sessionId ? { except: principal.sessionId } : {});
        // Whoever had the old password may have made tokens with it: none outlives it.
        const revoked = await revokeTokens(trx, principal.userId);
        await appendEvents(baseDb(trx), [
          auditEvent('password.changed', principal.userId, actor, { sessions_ended: ended, tokens_revoked: revoked }),
        ]);
        await enqueueMail(trx, to.email, passwordChangedMessage(principal.username));
        return { sessions: ended.length, tokens: revoked.length };
      });
      deps.onMailQueued?.();
      return c.json(envelope({ changed: true, sessions_ended: ended.sessions, tokens_revoked: ended.tokens }, newResponseId()));
    },
  );

  app.post(
    '/api/v3/password/reset',
    describe({
      tag: 'accounts',
      summary: 'Ask for or complete a password reset',
      description:
        'With `email`, mails a reset link (the same answer whether or not the address is known); with the mailed `token` and a new `password`, sets it.',
      response: PasswordResetAnswer,
      access: { permission: 'password.reset' },
      body: ResetBody,
    }),
    async (c) => {
      const principal = await authorize(c, 'password.reset');
      const body = await jsonBody(c, ResetBody);
      const actor = actorOf(principal, c.var.auth.address);
      if ('email' in body) {
        // Counted the same for known and unknown addresses, so the limit tells nothing either.
        await deps.limits.count('mailsPerEmail', body.email);
        await deps.limits.count('mailsPerAddress', c.var.auth.address);
        const account = await accountByEmail(db, body.email);
        if (account) {
          await db.transaction().execute(async (trx) => {
            const token = await issueMailedToken(trx, account.userId, 'reset_password', account.email);
            await enqueueMail(trx, account.email, resetPasswordMessage(deps.linkOrigin.get(), account.username, token));
            await appendEvents(baseDb(trx), [auditEvent('password.reset_requested', account.userId, actor)]);
          });
          deps.onMailQueued?.();
        }
        return c.json(envelope({ message: RESET_REQUESTED }, newResponseId()));
      }
      const passwordHash = await hashPassword(body.password);
      const reset = await db.transaction().execute(async (trx) => {
        const used = await consumeMailedToken(trx, body.token, 'reset_password');
        if (!used) return undefined;
        await setPassword(trx, used.userId, passwordHash);
        // The link reached its inbox, so that address works.
        await trx
          .updateTable('accounts')
          .set({ email_verified_at: new Date() })
          .where('user_id', '=', used.userId)
          .where('email', '=', used.email)
          .where('email_verified_at', 'is', null)
          .execute();
        const ended = await revokeSessions(trx, used.userId);
        const revoked = await revokeTokens(trx, used.userId);
        await appendEvents(baseDb(trx), [
          auditEvent('password.reset', used.userId, actor, { sessions_ended: ended, tokens_revoked: revoked }),
        ]);
        const account = await trx.selectFrom('users').select('username').where('id', '=', used.userId).executeTakeFirstOrThrow();
        await enqueueMail(trx, used.email, passwordChangedMessage(account.username));
        return used;
      });
      if (!reset) throw new FieldError(400, 'token', 'This reset link is invalid, used or expired; ask for a new one');
      deps.onMailQueued?.();
      return c.json(envelope({ reset: true }, newResponseId()));
    },
  );

  return app;
}
