import { Hono } from 'hono';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { userIdParam } from '../accounts/fields.ts';
import { accountsDb } from '../accounts/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { revokeSessions } from '../sessions/store.ts';
import { revokeTokens } from '../tokens/store.ts';
import { developersDb } from '../developers/schema.ts';
import { revokeOwnerKeys } from '../developers/store.ts';
import { appendEvents } from '../store/events.ts';
import { ACCOUNT_ACTIONS, MODERATION_EVENTS } from './constants.ts';
import { noteField, oneOf } from './fields.ts';
import { accountActionMessage } from './messages.ts';
import { baseOfModeration, moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import { AccountActionedAnswer } from '@loopbox/contract/moderation';

const AccountActionBody = z.object({
  action: oneOf('action', ACCOUNT_ACTIONS),
  reason: noteField('reason').pipe(z.string().min(1, 'reason must say why')),
});

/**
 * `POST /api/v1/users/{id}/moderation/`: staff warn, suspend or restore an account, with a reason the
 * person is mailed. Suspending ends every session, personal token and developer API key of the account
 * in the same transaction and refuses its logins until restored; restoring brings none of them back
 * (the developer rotates for a new key). Staff cannot suspend themselves.
 */
export function accountActionRoutes(deps: AuthDeps & MailDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post(
    '/api/v1/users/:id/moderation/',
    describe({
      tag: 'moderation',
      summary: 'Warn, suspend or restore an account',
      response: AccountActionedAnswer,
      description: 'With a reason; logged in the audit trail.',
      access: { permission: 'account.moderate' },
      params: userIdParam,
      body: AccountActionBody,
    }),
    async (c) => {
      const { id } = parseFields(userIdParam, c.req.param());
      const principal = await authorizeUser(c, 'account.moderate', id);
      const { action, reason } = await jsonBody(c, AccountActionBody);
      if (action === 'suspend' && id === principal.userId) throw new ApiError(409, 'You cannot suspend your own account');
      const actor = actorOf(principal, c.var.auth.address);
      const suspended = await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users as u')
          .innerJoin('accounts as a', 'a.user_id', 'u.id')
          .select(['u.username', 'u.suspended_at', 'a.email'])
          .where('u.id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!user) throw new ApiError(404, `User ${id} not found`);
        const details: Record<string, unknown> = { action, reason };
        if (action === 'suspend') {
          await trx.updateTable('users').set({ suspended_at: new Date() }).where('id', '=', id).execute();
          details.sessions_ended = (await revokeSessions(accountsDb(baseOfModeration(trx)), id)).length;
          details.tokens_revoked = (await revokeTokens(accountsDb(baseOfModeration(trx)), id)).length;
          details.keys_revoked = await revokeOwnerKeys(developersDb(baseOfModeration(trx)), id);
        } else if (action === 'restore') {
          await trx.updateTable('users').set({ suspended_at: null }).where('id', '=', id).execute();
        }
        await enqueueMail(accountsDb(baseOfModeration(trx)), user.email, accountActionMessage(action, user.username, reason));
        await appendEvents(baseOfModeration(trx), [auditEvent(MODERATION_EVENTS.accountActioned, id, actor, details)]);
        return action === 'suspend' || (action === 'warn' && user.suspended_at !== null);
      });
      deps.onMailQueued?.();
      return c.json(envelope({ id, action, suspended }, newResponseId()));
    },
  );
  return app;
}
