import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { DailyPoint } from './queries.ts';
import type { Built } from '@loopbox/contract/common';
import type { PageTypeDay as PageTypeDaySchema, TopGif as TopGifSchema } from '@loopbox/contract/analytics';

const DAY_MS = 86_400_000;

/** A window of whole UTC days ending today: its first and last day and every day in between. */
export interface SeriesWindow {
  from: string;
  to: string;
  dates: string[];
}

export function seriesWindow(days: number, now: Date): SeriesWindow {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { from: dates[0]!, to: dates[dates.length - 1]!, dates };
}

interface DayCounts {
  d: string;
  views: string;
  clicks: string;
  hovers: string;
  starts: string;
}

/** Views, clicks, hovers and starts for every day of the window (0 where nothing happened): all GIFs, or one creator's. */
export async function dailyTotals(db: Kysely<Database>, window: SeriesWindow, userId?: number): Promise<DailyPoint[]> {
  const rows =
    userId === undefined
      ? await sql<DayCounts>`
          SELECT day::text AS d, SUM(views) AS views, SUM(clicks) AS clicks, SUM(hovers) AS hovers, SUM(starts) AS starts
          FROM gif_daily WHERE day BETWEEN ${window.from}::date AND ${window.to}::date GROUP BY day`.execute(db)
      : await sql<DayCounts>`
          SELECT day::text AS d, views, clicks, hovers, starts
          FROM user_daily WHERE user_id = ${userId} AND day BETWEEN ${window.from}::date AND ${window.to}::date`.execute(db);
  const byDay = new Map(rows.rows.map((r) => [r.d, r]));
  return window.dates.map((date) => {
    const r = byDay.get(date);
    return {
      date,
      views: Number(r?.views ?? 0),
      clicks: Number(r?.clicks ?? 0),
      hovers: Number(r?.hovers ?? 0),
      starts: Number(r?.starts ?? 0),
    };
  });
}

export type TopGif = Built<typeof TopGifSchema>;

/** The most viewed GIFs of the window (all, or one creator's), removed ones left out. */
export async function topGifs(db: Kysely<Database>, window: SeriesWindow, limit: number, userId?: number): Promise<TopGif[]> {
  const rows = await sql<{ id: string; title: string; views: string }>`
    SELECT g.id, g.title, SUM(d.views) AS views
    FROM gif_daily d JOIN gifs g ON g.id = d.gif_id
    WHERE d.day BETWEEN ${window.from}::date AND ${window.to}::date AND g.is_removed = false
      ${userId === undefined ? sql`` : sql`AND g.user_id = ${userId}`}
    GROUP BY g.id, g.title HAVING SUM(d.views) > 0
    ORDER BY SUM(d.views) DESC, g.id COLLATE "C" LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => ({ id: r.id, title: r.title, views: Number(r.views) }));
}

export type PageTypeDay = Built<typeof PageTypeDaySchema>;

/** Per page type and day of the window: pingback counters and page views, only where either is non-zero. */
export async function pageTypeDays(db: Kysely<Database>, window: SeriesWindow): Promise<PageTypeDay[]> {
  const rows = await sql<DayCounts & { page_type: string; page_views: string }>`
    SELECT COALESCE(p.page_type, v.page_type) AS page_type, COALESCE(p.day, v.day)::text AS d,
      COALESCE(p.views, 0) AS views, COALESCE(p.clicks, 0) AS clicks, COALESCE(p.hovers, 0) AS hovers,
      COALESCE(p.starts, 0) AS starts, COALESCE(v.views, 0) AS page_views
    FROM (SELECT * FROM page_type_daily WHERE day BETWEEN ${window.from}::date AND ${window.to}::date) p
    FULL JOIN (SELECT * FROM page_views_daily WHERE day BETWEEN ${window.from}::date AND ${window.to}::date) v
      ON v.page_type = p.page_type AND v.day = p.day`.execute(db);
  return rows.rows
    .map((r) => ({
      date: r.d,
      page_type: r.page_type,
      views: Number(r.views),
      clicks: Number(r.clicks),
      hovers: Number(r.hovers),
      starts: Number(r.starts),
      page_views: Number(r.page_views),
    }))
    .filter((r) => r.views + r.clicks + r.hovers + r.starts + r.page_views > 0)
    .sort((a, b) => (a.date === b.date ? (a.page_type < b.page_type ? -1 : 1) : a.date < b.date ? -1 : 1));
}
