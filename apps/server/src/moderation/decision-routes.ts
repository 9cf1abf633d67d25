import { setTimeout } from 'node:timers/promises';
import { Hono } from 'hono';
import { z } from 'zod';
import { PURGE_HEADER } from '@loopbox/edge';
import { actorOf } from '../auth/audit.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { CONTENT_VERSION_REFRESH_MS } from '../content/constants.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { viewerOf } from '../content-policy/access.ts';
import { authorityOf } from '../content-policy/precedence.ts';
import { gifStateOf } from '../content-policy/states.ts';
import { gifId } from '../http/params.ts';
import { ratingField } from '../uploads/fields.ts';
import { DECISIONS } from './constants.ts';
import { applyDecision } from './decide.ts';
import { noteField, oneOf } from './fields.ts';
import { moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import { DecidedAnswer, type Decided } from '@loopbox/contract/moderation';

const GifPath = z.object({ id: gifId });
const DecisionBody = z
  .object({
    action: oneOf('action', DECISIONS),
    reason: noteField('reason').pipe(z.string().min(1, 'reason must say why')),
    rating: ratingField.optional(),
  })
  .refine((b) => b.action !== 'rate' || b.rating !== undefined, { message: 'rating is needed to change the rating', path: ['rating'] });

/**
 * `POST /api/v1/gifs/{id}/moderation` (SPEC 7.2): a moderator approves a GIF, changes its rating,
 * hides, removes or restores it, with a reason. Applied in one transaction with its event; the
 * answer purges the edge's cached copies of everything showing the GIF.
 */
export function decisionRoutes(deps: AuthDeps & MailDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  app.post(
    '/api/v1/gifs/:id/moderation',
    describe({
      tag: 'moderation',
      summary: 'Decide on a GIF',
      response: DecidedAnswer,
      description:
        'Approve, change its rating (then locked against its creator), hide, remove or restore it, with a reason. Applies at once to every door and to cached edge answers; logged in the audit trail. Staff outrank moderators: a moderator cannot undo a staff decision or change a GIF staff took down (403); a GIF its owner deleted, or one whose files were deleted after the retention period, cannot be restored (409).',
      access: { permission: 'gif.moderate' },
      params: GifPath,
      body: DecisionBody,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const principal = await authorize(c, 'gif.moderate');
      const body = await jsonBody(c, DecisionBody);
      const actor = actorOf(principal, c.var.auth.address);
      const authority = authorityOf(viewerOf(principal));
      if (!authority) throw new ApiError(403, 'Not allowed: only moderators and staff decide about GIFs');
      const outcome = await db.transaction().execute((trx) => applyDecision(trx, id, body, actor, authority, deps.linkOrigin));
      if (outcome.mailed > 0) deps.onMailQueued?.();
      if (outcome.rerank) await setTimeout(CONTENT_VERSION_REFRESH_MS);
      const gif = await db
        .selectFrom('gifs')
        .select(['visibility', 'moderation_state', 'removal', 'is_removed', 'rating', 'decided_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const answer: Built<typeof Decided> = {
        gif_id: id,
        decision: body.action,
        state: gif.moderation_state,
        policy_state: gifStateOf(gif),
        is_removed: gif.is_removed,
        rating: gif.rating,
        decided_by: gif.decided_by,
      };
      return c.json(envelope(answer, newResponseId()), 200, { [PURGE_HEADER]: outcome.purge.join(',') });
    },
  );
  return app;
}
