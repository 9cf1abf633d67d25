import { Hono } from 'hono';
import { z } from 'zod';
import { SERIES_DEFAULT_DAYS, SERIES_MAX_DAYS, SERIES_MIN_DAYS, SERIES_TOP_GIFS, SERIES_TOP_SEARCHES } from './constants.ts';
import { creatorSearches } from './queries.ts';
import { trendingSearches } from './trending-searches.ts';
import { dailyTotals, pageTypeDays, seriesWindow, topGifs } from './series.ts';
import { username } from '../accounts/fields.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { lookupOnce, userOwner } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { TrendingSearchRules } from './trending-settings.ts';
import { describe } from '../openapi/describe.ts';
import { Series } from '@loopbox/contract/analytics';

const SeriesQuery = z.object({
  days: intParam('days', SERIES_MIN_DAYS, SERIES_MAX_DAYS, SERIES_DEFAULT_DAYS),
  username: username.optional(),
});

/**
 * GET /api/v1/analytics/series/?days=N[&username=…]: the analytics page's figures over the last N UTC
 * days, all from the projections. Site-wide (staff: nobody owns the site's figures, so only an `any`
 * grant reaches them), or one creator's (that creator or staff: their daily counters, their GIFs and
 * the searches their GIFs were seen for); page types are kept site-wide only, so a creator's are `null`.
 */
export function analyticsSeriesRoutes(deps: AuthDeps & { trendingRules: TrendingSearchRules }) {
  const { db } = deps;
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v1/analytics/series/',
    describe({
      tag: 'analytics',
      summary: "The analytics page's series",
      description:
        "Daily figures over the last `days` UTC days from the projections: site-wide (staff), or one creator's with `username` (that creator or staff).",
      access: { permission: 'analytics.read' },
      query: SeriesQuery,
      response: Series,
    }),
    async (c) => {
      const { days, username } = parseQuery(SeriesQuery, c.req.query());
      const owner = lookupOnce(async () => (username === undefined ? null : userOwner(db, username)));
      await authorize(c, 'analytics.read', owner);
      const window = seriesWindow(days, new Date());
      const scope = { days, from: window.from, to: window.to };
      c.header('Cache-Control', 'private, no-store');
      if (username === undefined) {
        const searches = await trendingSearches(db, SERIES_TOP_SEARCHES, deps.trendingRules);
        return c.json({
          username: null,
          ...scope,
          daily: await dailyTotals(db, window),
          top_gifs: await topGifs(db, window, SERIES_TOP_GIFS),
          top_searches: { counted: 'searches', data: searches.map((s) => ({ term: s.term, count: s.searches })) },
          page_types: await pageTypeDays(db, window),
        });
      }
      const userId = await owner();
      if (userId === undefined || userId === null) throw new ApiError(404, `User ${username} not found`);
      const searches = await creatorSearches(db, userId, SERIES_TOP_SEARCHES);
      return c.json({
        username,
        ...scope,
        daily: await dailyTotals(db, window, userId),
        top_gifs: await topGifs(db, window, SERIES_TOP_GIFS, userId),
        top_searches: { counted: 'views', data: searches.map((s) => ({ term: s.term, count: s.views })) },
        page_types: null,
      });
    },
  );
  return app;
}
