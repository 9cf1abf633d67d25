import { ALL_TAG, PURGE_HEADER } from '@loopbox/edge';
import { Hono, type Context } from 'hono';
import { trendingSearches } from '../analytics/trending-searches.ts';
import { actorOf } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import { jsonBody } from '../http/json-body.ts';
import { describe } from '../openapi/describe.ts';
import { TermApprovedAnswer, TrendingReviewAnswer } from '@loopbox/contract/moderation-trending';
import { TermBody } from './fields.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { MODERATION_EVENTS, TRENDING_CANDIDATES_MAX } from './constants.ts';
import { baseOfModeration, moderationDb } from './schema.ts';

/**
 * Review of trending searches (TRENDING_REVIEW=on): `GET /api/v1/moderation/trending-candidates/`
 * lists the terms that qualify to trend but wait for staff, with whether review is on and the
 * approved terms; `PUT` approves a term (it shows from then on), `DELETE` withdraws an approval.
 * Denying is blocking (trending-block-routes.ts). Each change is in the audit trail and purges the edge.
 */
export function trendingReviewRoutes(deps: AuthDeps & { trendingRules: TrendingSearchRules }) {
  const db = moderationDb(deps.db);
  const app = new Hono<AuthEnv>();
  const path = '/api/v1/moderation/trending-candidates/';

  app.get(
    path,
    describe({
      tag: 'moderation',
      summary: 'Trending search candidates',
      response: TrendingReviewAnswer,
      description:
        'Terms that qualify to trend (distinct searchers, results, no handle, not blocked) but staff have not approved; they show only once approved while review is on.',
      access: { permission: 'trending.block' },
    }),
    async (c) => {
      await authorize(c, 'trending.block');
      const candidates = await trendingSearches(deps.db, TRENDING_CANDIDATES_MAX, deps.trendingRules, 'candidates');
      const approved = await db
        .selectFrom('approved_trending_terms')
        .select(['term', 'approved_by', 'created_at'])
        .orderBy('term')
        .execute();
      return c.json(
        envelope(
          { review: deps.trendingRules.review, min_searchers: deps.trendingRules.minSearchers, candidates, approved },
          newResponseId(),
        ),
      );
    },
  );

  const change = (approve: boolean) => async (c: Context<AuthEnv>) => {
    const principal = await authorizeUser(c, 'trending.block');
    const { term } = await jsonBody(c, TermBody);
    const actor = actorOf(principal, c.var.auth.address);
    const changed = await db.transaction().execute(async (trx) => {
      const rows = approve
        ? await trx
            .insertInto('approved_trending_terms')
            .values({ term, approved_by: principal.userId })
            .onConflict((oc) => oc.column('term').doNothing())
            .returning('term')
            .execute()
        : await trx.deleteFrom('approved_trending_terms').where('term', '=', term).returning('term').execute();
      if (rows.length > 0)
        await appendEvents(baseOfModeration(trx), [
          {
            type: approve ? MODERATION_EVENTS.termApproved : MODERATION_EVENTS.termApprovalWithdrawn,
            stream: 'trending_term',
            streamId: term,
            payload: { actor: actor.userId, via: actor.via, address: actor.address },
          },
        ]);
      return rows.length > 0;
    });
    return c.json(envelope({ term, approved: approve, changed }, newResponseId()), 200, changed ? { [PURGE_HEADER]: ALL_TAG } : {});
  };
  app.put(
    path,
    describe({
      tag: 'moderation',
      summary: 'Approve a trending search',
      response: TermApprovedAnswer,
      description: 'With review on, the term shows in trending searches once it qualifies. Logged in the audit trail.',
      access: { permission: 'trending.block' },
      body: TermBody,
    }),
    change(true),
  );
  app.delete(
    path,
    describe({
      tag: 'moderation',
      summary: 'Withdraw a trending search approval',
      response: TermApprovedAnswer,
      access: { permission: 'trending.block' },
      body: TermBody,
    }),
    change(false),
  );
  return app;
}
