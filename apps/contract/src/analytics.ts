import { z } from 'zod';
import type { Wire } from './common.ts';

/** The analytics reads (SPEC 7.2): view counts, trending scores, trending searches and the analytics page's series. */

const count = z.number().int().min(0);

/** One UTC day of a GIF's, a creator's or the site's pingback counters. */
export const DayCounts = z.strictObject({ date: z.iso.date(), views: count, clicks: count, hovers: count, starts: count });
export type DayCounts = Wire<typeof DayCounts>;

const ViewCounts = {
  view_count: count,
  clicks: count,
  hovers: count,
  starts: count,
  /** The last 30 UTC days that counted anything, oldest first. */
  daily: z.array(DayCounts),
};
export const UserViewCount = z.strictObject({ user_id: z.number().int(), ...ViewCounts });
export const GifViewCount = z.strictObject({ gif_id: z.string(), ...ViewCounts });

/** `/ajax/gifs/trending`: each GIF asked, its decayed trending score as of now (0 when nobody interacted with it). */
export const TrendingScores = z.strictObject({
  data: z.array(z.strictObject({ gif_id: z.string(), trending_score: z.number().min(0), is_trending: z.boolean() })),
});

/** The site's trending searches (`username: null`), or the searches a creator's GIFs were seen for. */
export const DashboardTrendingSearches = z.union([
  z.strictObject({
    username: z.null(),
    data: z.array(z.strictObject({ term: z.string(), searches: count, score: z.number().min(0) })),
  }),
  z.strictObject({ username: z.string(), data: z.array(z.strictObject({ term: z.string(), views: count })) }),
]);
export type DashboardTrendingSearches = Wire<typeof DashboardTrendingSearches>;

/** What a series' top searches count: searches of the term (site-wide) or views of the creator's GIFs found by it. */
export const SERIES_SEARCH_COUNTS = ['searches', 'views'] as const;

export const PageTypeDay = DayCounts.extend({
  page_type: z.string(),
  /** Page views logged for pages of this type (analytics.page_view). */
  page_views: count,
});
export type PageTypeDay = Wire<typeof PageTypeDay>;

export const TopGif = z.strictObject({ id: z.string(), title: z.string(), views: count });
export type TopGif = Wire<typeof TopGif>;

/** `GET /api/v1/analytics/series/`: the analytics page's figures over the last `days` UTC days, `from`–`to`. */
export const Series = z.strictObject({
  /** null: site-wide. */
  username: z.string().nullable(),
  days: z.number().int().min(1),
  from: z.iso.date(),
  to: z.iso.date(),
  /** Every day of the window, 0 where nothing happened. */
  daily: z.array(DayCounts),
  top_gifs: z.array(TopGif),
  top_searches: z.strictObject({
    counted: z.enum(SERIES_SEARCH_COUNTS),
    data: z.array(z.strictObject({ term: z.string(), count })),
  }),
  /** Per page type and day, only where something was counted; kept site-wide only, so `null` for a creator. */
  page_types: z.array(PageTypeDay).nullable(),
});
export type Series = Wire<typeof Series>;
