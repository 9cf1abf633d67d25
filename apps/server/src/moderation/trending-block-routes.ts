import { ALL_TAG, PURGE_HEADER } from '@loopbox/edge';
import { Hono, type Context } from 'hono';
import { actorOf } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody } from '../http/json-body.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { MODERATION_EVENTS } from './constants.ts';
import { baseOfModeration, moderationDb } from './schema.ts';
import { describe } from '../openapi/describe.ts';
import { BlockedTermsAnswer, TermBlockedAnswer } from '@loopbox/contract/moderation-trending';
import { TermBody } from './fields.ts';

/**
 * Terms kept out of trending searches (`/v1/trending/searches` and the dashboards'): `GET`, `PUT`
 * (block) and `DELETE` (unblock) `/api/v1/moderation/trending-blocks/`. The log stays as it was;
 * reads leave blocked terms out, and a change purges the edge's cached answers.
 */
export function trendingBlockRoutes(deps: AuthDeps) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  const path = '/api/v1/moderation/trending-blocks/';

  app.get(
    path,
    describe({
      tag: 'moderation',
      summary: 'Terms blocked from trending',
      response: BlockedTermsAnswer,
      access: { permission: 'trending.block' },
    }),
    async (c) => {
      await authorize(c, 'trending.block');
      const rows = await db.selectFrom('blocked_trending_terms').select(['term', 'blocked_by', 'created_at']).orderBy('term').execute();
      return c.json(envelope(rows, newResponseId()));
    },
  );

  const change = (block: boolean) => async (c: Context<AuthEnv>) => {
    const principal = await authorizeUser(c, 'trending.block');
    const { term } = await jsonBody(c, TermBody);
    const actor = actorOf(principal, c.var.auth.address);
    const changed = await db.transaction().execute(async (trx) => {
      const rows = block
        ? await trx
            .insertInto('blocked_trending_terms')
            .values({ term, blocked_by: principal.userId })
            .onConflict((oc) => oc.column('term').doNothing())
            .returning('term')
            .execute()
        : await trx.deleteFrom('blocked_trending_terms').where('term', '=', term).returning('term').execute();
      if (rows.length > 0)
        await appendEvents(baseOfModeration(trx), [
          {
            type: block ? MODERATION_EVENTS.termBlocked : MODERATION_EVENTS.termUnblocked,
            stream: 'trending_term',
            streamId: term,
            payload: { actor: actor.userId, via: actor.via, address: actor.address },
          },
        ]);
      return rows.length > 0;
    });
    return c.json(envelope({ term, blocked: block, changed }, newResponseId()), 200, changed ? { [PURGE_HEADER]: ALL_TAG } : {});
  };
  app.put(
    path,
    describe({
      tag: 'moderation',
      summary: 'Block a term from trending',
      response: TermBlockedAnswer,
      description: 'Logged in the audit trail.',
      access: { permission: 'trending.block' },
      body: TermBody,
    }),
    change(true),
  );
  app.delete(
    path,
    describe({
      tag: 'moderation',
      summary: 'Unblock a term',
      response: TermBlockedAnswer,
      access: { permission: 'trending.block' },
      body: TermBody,
    }),
    change(false),
  );
  return app;
}
