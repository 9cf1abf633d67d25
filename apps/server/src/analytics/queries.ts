import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { DAILY_SERIES_DAYS, TRENDING_HALF_LIFE_MS } from './constants.ts';
import { analyticsDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { DayCounts, GifViewCount } from '@loopbox/contract/analytics';

/** A decayed score as of now (for display; ordering uses the stored rank). */
const decayedNow = (score: number, asOf: Date, halfLifeMs: number) => score * 2 ** (-(Date.now() - asOf.getTime()) / halfLifeMs);

export type DailyPoint = Built<typeof DayCounts>;
/** A GIF's or a user's totals and recent days, as their view-count answers carry them. */
type ViewCounts = Omit<Built<typeof GifViewCount>, 'gif_id'>;

interface CountRow {
  views: string;
  clicks: string;
  hovers: string;
  starts: string;
}

/** Totals and the last DAILY_SERIES_DAYS UTC days of one GIF's or one user's counters. */
async function countsWithSeries(
  db: Kysely<Database>,
  of: { totals: 'gif_counts' | 'user_counts'; daily: 'gif_daily' | 'user_daily'; key: 'gif_id' | 'user_id' },
  id: string | number,
): Promise<ViewCounts> {
  const total =
    await sql<CountRow>`SELECT views, clicks, hovers, starts FROM ${sql.table(of.totals)} WHERE ${sql.ref(of.key)} = ${id}`.execute(db);
  const daily = await sql<CountRow & { d: string }>`
    SELECT day::text AS d, views, clicks, hovers, starts FROM ${sql.table(of.daily)}
    WHERE ${sql.ref(of.key)} = ${id} AND day >= (now() AT TIME ZONE 'UTC')::date - ${DAILY_SERIES_DAYS - 1}::int ORDER BY day`.execute(db);
  const r = total.rows[0];
  return {
    view_count: Number(r?.views ?? 0),
    clicks: Number(r?.clicks ?? 0),
    hovers: Number(r?.hovers ?? 0),
    starts: Number(r?.starts ?? 0),
    daily: daily.rows.map((p) => ({
      date: p.d,
      views: Number(p.views),
      clicks: Number(p.clicks),
      hovers: Number(p.hovers),
      starts: Number(p.starts),
    })),
  };
}

export const gifViews = (db: Kysely<Database>, gifId: string) =>
  countsWithSeries(db, { totals: 'gif_counts', daily: 'gif_daily', key: 'gif_id' }, gifId);
export const userViews = (db: Kysely<Database>, userId: number) =>
  countsWithSeries(db, { totals: 'user_counts', daily: 'user_daily', key: 'user_id' }, userId);

/** Decayed trending scores (as of now) of the given GIFs; 0 for GIFs nobody has interacted with. */
export async function trendingScores(db: Kysely<Database>, gifIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await analyticsDb(db)
    .selectFrom('gif_trending')
    .selectAll()
    .where('gif_id', 'in', [...gifIds])
    .execute();
  const scores = new Map(gifIds.map((id) => [id, 0]));
  for (const r of rows) scores.set(r.gif_id, decayedNow(Number(r.score), r.as_of, TRENDING_HALF_LIFE_MS));
  return scores;
}

export async function hasTrendingScores(db: Kysely<Database>): Promise<boolean> {
  return (await analyticsDb(db).selectFrom('gif_trending').select('gif_id').limit(1).execute()).length > 0;
}

/** The searches a creator's GIFs were seen for, most views first. */
export async function creatorSearches(db: Kysely<Database>, userId: number, limit: number): Promise<{ term: string; views: number }[]> {
  const rows = await analyticsDb(db)
    .selectFrom('user_search_terms')
    .select(['term', 'views'])
    .where('user_id', '=', userId)
    .orderBy('views', 'desc')
    .orderBy('term')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ term: r.term, views: Number(r.views) }));
}
