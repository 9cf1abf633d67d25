import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { accountsDb } from '../accounts/schema.ts';
import { actorOf } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { gifSharedMessage } from '../mail/messages.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { appendEvents } from '../store/events.ts';
import { baseOf, creatorsDb } from '../uploads/schema.ts';
import { GIF_ACTION_EVENT, GIF_ACTIONS } from './constants.ts';
import { requireOpenable } from '../content-policy/request.ts';
import { describe } from '../openapi/describe.ts';
import { GifActionCountedAnswer, GifMailedAnswer } from '@loopbox/contract/gif-management';

const ActionPath = z.object({ id: gifId, type: z.enum(GIF_ACTIONS, { error: `type must be one of ${GIF_ACTIONS.join(', ')}` }) });
const ShareBody = z.object({
  gif_id: gifId,
  to: z.email({ error: 'to must be an e-mail address' }).max(320, 'to must be at most 320 characters'),
});

/**
 * Things people do with a GIF: `POST /ajax/gif/{id}/analytic/{type}/` counts a download, a copied
 * link or embed code, a share… as a `gif.action` event (folded into the GIF's figures), and
 * `POST /ajax/instashare/` mails a GIF's link through the outbox, limited per sender and per
 * recipient. Neither works on a GIF the caller could not open.
 */
export function actionRoutes(deps: AuthDeps & MailDeps) {
  const db = creatorsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/ajax/gif/:id/analytic/:type/',
    describe({
      tag: 'gif-management',
      summary: 'Count a GIF action',
      response: GifActionCountedAnswer,
      description: `One of ${GIF_ACTIONS.join(', ')}, counted in the GIF's analytics.`,
      access: { permission: 'gif.report_action' },
      params: ActionPath,
    }),
    async (c) => {
      const { id, type } = parseFields(ActionPath, c.req.param());
      const principal = await authorize(c, 'gif.report_action');
      await requireOpenable(c, deps.db, id);
      const actor = actorOf(principal, c.var.auth.address);
      await appendEvents(deps.db, [
        {
          type: GIF_ACTION_EVENT,
          stream: 'gif',
          streamId: id,
          payload: { action: type, actor: actor.userId, via: actor.via, address: actor.address },
        },
      ]);
      return c.json(envelope({ gif_id: id, action: type, counted: true }, newResponseId()));
    },
  );

  app.post(
    '/ajax/instashare/',
    describe({
      tag: 'gif-management',
      summary: "Mail a GIF's link",
      response: GifMailedAnswer,
      description: 'Through the outbox; limited per sender and per recipient (429).',
      access: { permission: 'gif.share_by_mail' },
      body: ShareBody,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'gif.share_by_mail');
      const { gif_id, to } = await jsonBody(c, ShareBody);
      await requireOpenable(c, deps.db, gif_id);
      await deps.limits.count('sharesPerUser', String(principal.userId));
      await deps.limits.count('sharesPerRecipient', to);
      const gif = await db.selectFrom('gifs').select(['title', 'slug']).where('id', '=', gif_id).executeTakeFirstOrThrow();
      const link = `${deps.linkOrigin.get()}/gifs/${gif.slug || gif_id}`;
      const actor = actorOf(principal, c.var.auth.address);
      await db.transaction().execute(async (trx) => {
        await enqueueMail(accountsDb(baseOf(trx)), to, gifSharedMessage(link, principal.username, gif.title));
        // The recipient's address is kept only as a hash: the log needs to tell repeats apart, not to mail anyone.
        await appendEvents(baseOf(trx), [
          {
            type: GIF_ACTION_EVENT,
            stream: 'gif',
            streamId: gif_id,
            payload: {
              action: 'share_email',
              to_hash: createHash('sha256').update(to.toLowerCase()).digest('hex').slice(0, 16),
              actor: actor.userId,
              via: actor.via,
              address: actor.address,
            },
          },
        ]);
      });
      deps.onMailQueued?.();
      return c.json(envelope({ gif_id, sent: true }, newResponseId()));
    },
  );
  return app;
}
