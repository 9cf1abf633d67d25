import { Hono } from 'hono';
import { accountsDb } from '../accounts/schema.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { OUTBOX_PAGE_SIZE } from './constants.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { type OutboxMessage, OutboxAnswer } from '@loopbox/contract/mail';

/**
 * GET /api/v1/mail/outbox/ (staff): the newest messages with their delivery state. Without SMTP this
 * is how a self-hoster reads verification and reset links; a delivered message's body is erased.
 */
export function outboxRoutes(deps: AuthDeps & { smtpConfigured: boolean }) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v1/mail/outbox/',
    describe({
      tag: 'site',
      summary: 'The mail outbox',
      description: `The newest ${OUTBOX_PAGE_SIZE} messages with their delivery state; without SMTP, how a self-hoster reads verification and reset links.`,
      response: OutboxAnswer,
      access: { permission: 'mail.read_outbox' },
    }),
    async (c) => {
      await authorize(c, 'mail.read_outbox');
      const messages: Built<typeof OutboxMessage>[] = await db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'to_address', 'subject', 'body', 'created_at', 'attempts', 'sent_at', 'failed_at', 'last_error'])
        .orderBy('id', 'desc')
        .limit(OUTBOX_PAGE_SIZE)
        .execute();
      return c.json({ ...envelope(messages, newResponseId()), smtp: deps.smtpConfigured }, 200, { 'Cache-Control': 'private, no-store' });
    },
  );
  return app;
}
