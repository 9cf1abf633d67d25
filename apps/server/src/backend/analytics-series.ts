import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SERIES_DEFAULT_DAYS, SERIES_MAX_DAYS, SERIES_MIN_DAYS, SERIES_TOP_GIFS, SERIES_TOP_SEARCHES } from '../analytics/constants.ts';
import { creatorSearches, trendingSearches } from '../analytics/queries.ts';
import { dailyTotals, pageTypeDays, seriesWindow, topGifs } from '../analytics/series.ts';
import { ApiError } from '../public-api/envelope.ts';
import { intParam, parseQuery } from '../public-api/params.ts';
import type { Database } from '../store/schema.ts';
import { Username } from './analytics.ts';

const SeriesQuery = z.object({
  days: intParam('days', SERIES_MIN_DAYS, SERIES_MAX_DAYS, SERIES_DEFAULT_DAYS),
  username: Username.optional(),
});

/**
 * GET /api/v1/analytics/series/?days=N[&username=…]: the analytics page's figures over the last N UTC
 * days, all from the projections. Site-wide, or one creator's (their daily counters, their GIFs and the
 * searches their GIFs were seen for); page types are kept site-wide only, so a creator's are `null`.
 */
export function analyticsSeriesRoutes(db: Kysely<Database>) {
  const app = new Hono();
  app.get('/api/v1/analytics/series/', async (c) => {
    const { days, username } = parseQuery(SeriesQuery, c.req.query());
    const window = seriesWindow(days, new Date());
    const scope = { days, from: window.from, to: window.to };
    if (username === undefined) {
      const searches = await trendingSearches(db, SERIES_TOP_SEARCHES);
      return c.json({
        username: null,
        ...scope,
        daily: await dailyTotals(db, window),
        top_gifs: await topGifs(db, window, SERIES_TOP_GIFS),
        top_searches: { counted: 'searches', data: searches.map((s) => ({ term: s.term, count: s.searches })) },
        page_types: await pageTypeDays(db, window),
      });
    }
    const user = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    if (!user) throw new ApiError(404, `User ${username} not found`);
    const searches = await creatorSearches(db, user.id, SERIES_TOP_SEARCHES);
    return c.json({
      username,
      ...scope,
      daily: await dailyTotals(db, window, user.id),
      top_gifs: await topGifs(db, window, SERIES_TOP_GIFS, user.id),
      top_searches: { counted: 'views', data: searches.map((s) => ({ term: s.term, count: s.views })) },
      page_types: null,
    });
  });
  return app;
}
