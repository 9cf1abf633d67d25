import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { DAILY_SERIES_DAYS, SEARCH_TRENDING_HALF_LIFE_MS, TRENDING_HALF_LIFE_MS } from './constants.ts';
import { analyticsDb } from './schema.ts';

/** A decayed score as of now (for display; ordering uses the stored rank). */
const decayedNow = (score: number, asOf: Date, halfLifeMs: number) => score * 2 ** (-(Date.now() - asOf.getTime()) / halfLifeMs);

export interface Totals {
  view_count: number;
  clicks: number;
  hovers: number;
  starts: number;
}
export interface DailyPoint {
  date: string;
  views: number;
  clicks: number;
  hovers: number;
  starts: number;
}

const counts = (r: { views: string; clicks: string; hovers: string; starts: string } | undefined) => ({
  view_count: Number(r?.views ?? 0),
  clicks: Number(r?.clicks ?? 0),
  hovers: Number(r?.hovers ?? 0),
  starts: Number(r?.starts ?? 0),
});
const point = (r: { d: string; views: string; clicks: string; hovers: string; starts: string }): DailyPoint => ({
  date: r.d,
  views: Number(r.views),
  clicks: Number(r.clicks),
  hovers: Number(r.hovers),
  starts: Number(r.starts),
});
const since = () => sql<string>`current_date - ${DAILY_SERIES_DAYS - 1}::int`;

export async function gifViews(db: Kysely<Database>, gifId: string): Promise<Totals & { daily: DailyPoint[] }> {
  const adb = analyticsDb(db);
  const total = await adb.selectFrom('gif_counts').selectAll().where('gif_id', '=', gifId).executeTakeFirst();
  const daily = await adb
    .selectFrom('gif_daily')
    .select((eb) => [eb.cast<string>('day', 'text').as('d'), 'views', 'clicks', 'hovers', 'starts'])
    .where('gif_id', '=', gifId)
    .where('day', '>=', since())
    .orderBy('day')
    .execute();
  return { ...counts(total), daily: daily.map(point) };
}

export async function userViews(db: Kysely<Database>, userId: number): Promise<Totals & { daily: DailyPoint[] }> {
  const adb = analyticsDb(db);
  const total = await adb.selectFrom('user_counts').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const daily = await adb
    .selectFrom('user_daily')
    .select((eb) => [eb.cast<string>('day', 'text').as('d'), 'views', 'clicks', 'hovers', 'starts'])
    .where('user_id', '=', userId)
    .where('day', '>=', since())
    .orderBy('day')
    .execute();
  return { ...counts(total), daily: daily.map(point) };
}

/** Decayed trending scores (as of now) of the given GIFs; 0 for GIFs nobody has interacted with. */
export async function trendingScores(db: Kysely<Database>, gifIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await analyticsDb(db).selectFrom('gif_trending').selectAll().where('gif_id', 'in', [...gifIds]).execute();
  const scores = new Map(gifIds.map((id) => [id, 0]));
  for (const r of rows) scores.set(r.gif_id, decayedNow(Number(r.score), r.as_of, TRENDING_HALF_LIFE_MS));
  return scores;
}

export async function hasTrendingScores(db: Kysely<Database>): Promise<boolean> {
  return (await analyticsDb(db).selectFrom('gif_trending').select('gif_id').limit(1).execute()).length > 0;
}

/** The most searched terms now (decayed), or [] when no search has been logged yet. */
export async function trendingSearches(db: Kysely<Database>, limit: number): Promise<{ term: string; score: number; searches: number }[]> {
  const rows = await analyticsDb(db)
    .selectFrom('search_trending')
    .select(['term', 'score', 'as_of', 'searches'])
    .orderBy('rank', 'desc')
    .orderBy('term')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ term: r.term, score: decayedNow(Number(r.score), r.as_of, SEARCH_TRENDING_HALF_LIFE_MS), searches: Number(r.searches) }));
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
