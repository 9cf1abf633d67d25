import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DASHBOARD_SEARCHES_LIMIT, MAX_TRENDING_GIF_IDS } from '../analytics/constants.ts';
import { creatorSearches, gifViews, trendingScores, trendingSearches, userViews } from '../analytics/queries.ts';
import { ApiError } from '../public-api/envelope.ts';
import { gifId, parse, parseQuery } from '../public-api/params.ts';
import type { Database } from '../store/schema.ts';

const UserPath = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive whole number').transform(Number).pipe(z.number().max(2_147_483_647, 'id is too large')) });
const GifPath = z.object({ id: gifId });
const TrendingQuery = z.object({
  gif_ids: z
    .string({ error: 'gif_ids is required' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(gifId).min(1, 'gif_ids must list at least one id').max(MAX_TRENDING_GIF_IDS, `gif_ids may list at most ${MAX_TRENDING_GIF_IDS} ids`)),
});
export const Username = z.string().regex(/^[A-Za-z0-9_]{2,40}$/, 'username must be 2 to 40 letters, digits or _');
const DashboardQuery = z.object({ username: Username.optional() });

/**
 * The analytics reads of the own backend (SPEC 7.2), all from the projections (analytics/queries.ts):
 * view counts per user and per GIF, trending scores of given GIFs, and the dashboard's trending searches.
 */
export function analyticsRoutes(db: Kysely<Database>) {
  const app = new Hono();

  app.get('/api/v1/users/:id/view-count/', async (c) => {
    const { id } = parse(UserPath, c.req.param());
    const user = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!user) throw new ApiError(404, `User ${id} not found`);
    return c.json({ user_id: id, ...(await userViews(db, id)) });
  });

  app.get('/api/v1/proxy-gif/:id/view-count/', async (c) => {
    const { id } = parse(GifPath, c.req.param());
    const gif = await db.selectFrom('gifs').select('id').where('id', '=', id).where('is_removed', '=', false).executeTakeFirst();
    if (!gif) throw new ApiError(404, `GIF ${id} not found`);
    return c.json({ gif_id: id, ...(await gifViews(db, id)) });
  });

  app.get('/ajax/gifs/trending', async (c) => {
    const { gif_ids } = parseQuery(TrendingQuery, c.req.query());
    const scores = await trendingScores(db, gif_ids);
    return c.json({ data: gif_ids.map((id) => ({ gif_id: id, trending_score: scores.get(id) ?? 0, is_trending: (scores.get(id) ?? 0) > 0 })) });
  });

  app.get('/api/v1/analytics/dashboard-trending-searches/', async (c) => {
    const { username } = parseQuery(DashboardQuery, c.req.query());
    if (username === undefined) {
      const terms = await trendingSearches(db, DASHBOARD_SEARCHES_LIMIT);
      return c.json({ username: null, data: terms.map((t) => ({ term: t.term, searches: t.searches, score: t.score })) });
    }
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) throw new ApiError(404, `User ${username} not found`);
    return c.json({ username, data: await creatorSearches(db, user.id, DASHBOARD_SEARCHES_LIMIT) });
  });

  return app;
}
