import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { SERIES_DEFAULT_DAYS, SERIES_MAX_DAYS, SERIES_MIN_DAYS, SERIES_TOP_SEARCHES } from '../analytics/constants.ts';
import { seriesWindow } from '../analytics/series.ts';
import { authorize } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { gifOwner, lookupOnce } from '../permissions/ownership.ts';
import { ApiError } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import { GIF_ACTIONS } from './constants.ts';
import { describe } from '../openapi/describe.ts';
import { GifSeries } from '@loopbox/contract/gif-management';

const GifSeriesQuery = z.object({ gif_id: gifId, days: intParam('days', SERIES_MIN_DAYS, SERIES_MAX_DAYS, SERIES_DEFAULT_DAYS) });

/**
 * GET /api/v1/analytics/gif-series/?gif_id=…&days=N: one GIF's figures for its owner (or staff), all
 * from the projections: views, clicks, hovers, starts and every counted action (downloads, copied
 * links, shares…) for each UTC day of the window, 0-filled, and the searches that showed it.
 */
export function gifSeriesRoutes(deps: AuthDeps) {
  const app = new Hono<AuthEnv>();
  app.get(
    '/api/v1/analytics/gif-series/',
    describe({
      tag: 'analytics',
      summary: "A GIF's daily figures",
      response: GifSeries,
      description: 'Views and actions per UTC day over the last `days`, from the projections.',
      access: { permission: 'analytics.read' },
      query: GifSeriesQuery,
    }),
    async (c) => {
      const { gif_id, days } = parseQuery(GifSeriesQuery, c.req.query());
      const owner = lookupOnce(() => gifOwner(deps.db, gif_id));
      await authorize(c, 'analytics.read', owner);
      if ((await owner()) === undefined) throw new ApiError(404, `GIF ${gif_id} not found`);
      const window = seriesWindow(days, new Date());
      const counts = await sql<{ d: string; views: string; clicks: string; hovers: string; starts: string }>`
      SELECT day::text AS d, views, clicks, hovers, starts FROM gif_daily WHERE gif_id = ${gif_id} AND day BETWEEN ${window.from}::date AND ${window.to}::date`.execute(
        deps.db,
      );
      const actions = await sql<{ d: string; action: string; count: string }>`
      SELECT day::text AS d, action, count FROM gif_actions_daily WHERE gif_id = ${gif_id} AND day BETWEEN ${window.from}::date AND ${window.to}::date`.execute(
        deps.db,
      );
      const searches = await sql<{ term: string; views: string }>`
      SELECT term, views FROM gif_search_terms WHERE gif_id = ${gif_id} ORDER BY views DESC, term COLLATE "C" LIMIT ${SERIES_TOP_SEARCHES}`.execute(
        deps.db,
      );
      const byDay = new Map(counts.rows.map((r) => [r.d, r]));
      const daily = window.dates.map((date) => {
        const r = byDay.get(date);
        const done = Object.fromEntries(
          GIF_ACTIONS.map((a) => [a, Number(actions.rows.find((x) => x.d === date && x.action === a)?.count ?? 0)]),
        );
        return {
          date,
          views: Number(r?.views ?? 0),
          clicks: Number(r?.clicks ?? 0),
          hovers: Number(r?.hovers ?? 0),
          starts: Number(r?.starts ?? 0),
          ...done,
        };
      });
      c.header('Cache-Control', 'private, no-store');
      return c.json({
        gif_id,
        days,
        from: window.from,
        to: window.to,
        daily,
        top_searches: searches.rows.map((s) => ({ term: s.term, count: Number(s.views) })),
      });
    },
  );
  return app;
}
