import { Hono } from 'hono';
import { z } from 'zod';
import { DASHBOARD_SEARCHES_LIMIT, MAX_TRENDING_GIF_IDS } from './constants.ts';
import { creatorSearches, gifViews, trendingScores, userViews } from './queries.ts';
import { trendingSearches } from './trending-searches.ts';
import { userIdParam, username } from '../accounts/fields.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { gifOwner, lookupOnce, userOwner } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { parse, parseQuery } from '../http/parse.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { TrendingSearchRules } from './trending-settings.ts';
import { describe } from '../openapi/describe.ts';
import { DashboardTrendingSearches, GifViewCount, TrendingScores, UserViewCount } from '@loopbox/contract/analytics';

const GifPath = z.object({ id: gifId });
const TrendingQuery = z.object({
  gif_ids: z
    .string({ error: 'gif_ids is required' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(gifId)
        .min(1, 'gif_ids must list at least one id')
        .max(MAX_TRENDING_GIF_IDS, `gif_ids may list at most ${MAX_TRENDING_GIF_IDS} ids`),
    ),
});
const DashboardQuery = z.object({ username: username.optional() });

/**
 * The analytics reads of the own backend (SPEC 7.2), all from the projections (analytics/queries.ts):
 * view counts per user and per GIF (their owner or staff: `analytics.read`), trending scores of given
 * GIFs and the site's trending searches (public), and the searches a creator's GIFs were seen for
 * (that creator or staff). Callers refused outright learn nothing, not even whether the id exists.
 */
export function analyticsRoutes(deps: AuthDeps & { trendingRules: TrendingSearchRules }) {
  const { db } = deps;
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/users/:id/view-count/',
    describe({
      tag: 'analytics',
      summary: "Views of a user's GIFs",
      access: { permission: 'analytics.read' },
      params: userIdParam,
      response: UserViewCount,
    }),
    async (c) => {
      const { id } = parse(userIdParam, c.req.param());
      await authorize(c, 'analytics.read', id);
      const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!user) throw new ApiError(404, `User ${id} not found`);
      return c.json({ user_id: id, ...(await userViews(db, id)) });
    },
  );

  app.get(
    '/api/v1/proxy-gif/:id/view-count/',
    describe({
      tag: 'analytics',
      summary: 'Views of a GIF',
      access: { permission: 'analytics.read' },
      params: GifPath,
      response: GifViewCount,
    }),
    async (c) => {
      const { id } = parse(GifPath, c.req.param());
      const owner = lookupOnce(() => gifOwner(db, id));
      await authorize(c, 'analytics.read', owner);
      if ((await owner()) === undefined) throw new ApiError(404, `GIF ${id} not found`);
      return c.json({ gif_id: id, ...(await gifViews(db, id)) });
    },
  );

  app.get(
    '/ajax/gifs/trending',
    describe({
      tag: 'analytics',
      summary: 'Trending scores of GIFs',
      description: 'For each id asked, its trending score and whether it is trending now.',
      access: 'anyone',
      query: TrendingQuery,
      response: TrendingScores,
    }),
    async (c) => {
      const { gif_ids } = parseQuery(TrendingQuery, c.req.query());
      const scores = await trendingScores(db, gif_ids);
      return c.json({
        data: gif_ids.map((id) => ({ gif_id: id, trending_score: scores.get(id) ?? 0, is_trending: (scores.get(id) ?? 0) > 0 })),
      });
    },
  );

  app.get(
    '/api/v1/analytics/dashboard-trending-searches/',
    describe({
      tag: 'analytics',
      summary: "Trending searches, site-wide or a creator's",
      description:
        "Without `username`, the site's trending searches (anyone). With it, the searches that creator's GIFs were seen for (that creator or staff).",
      access: { permission: 'analytics.read', when: 'with username' },
      query: DashboardQuery,
      response: DashboardTrendingSearches,
    }),
    async (c) => {
      const { username } = parseQuery(DashboardQuery, c.req.query());
      if (username === undefined) {
        const terms = await trendingSearches(db, DASHBOARD_SEARCHES_LIMIT, deps.trendingRules);
        return c.json({ username: null, data: terms.map((t) => ({ term: t.term, searches: t.searches, score: t.score })) });
      }
      const owner = lookupOnce(() => userOwner(db, username));
      await authorize(c, 'analytics.read', owner);
      const userId = await owner();
      if (userId === undefined || userId === null) throw new ApiError(404, `User ${username} not found`);
      return c.json({ username, data: await creatorSearches(db, userId, DASHBOARD_SEARCHES_LIMIT) });
    },
  );

  return app;
}
