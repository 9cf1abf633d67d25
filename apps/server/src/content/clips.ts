import { sql, type Kysely } from 'kysely';
import { analyticsDb } from '../analytics/schema.ts';
import type { Database, Rating } from '../store/schema.ts';
import { visibleUpTo } from './gif-row.ts';
import type { Page } from './search.ts';

/**
 * The clips feed (`/clips`, `videos/trending`): every listed clip (type `video`, a video with sound or
 * a long one), trending ones first (by the trending projection's rank, then the seeded trending
 * time), then the rest newest first, so a clip just uploaded is on it at once. Clips are few beside
 * GIFs: one ordered read, not a kept list.
 */
export async function clipsFeed(db: Kysely<Database>, input: { rating: Rating; limit: number; offset: number }): Promise<Page<string>> {
  const rows = await analyticsDb(db)
    .selectFrom('gifs as g')
    .leftJoin('gif_trending as t', 't.gif_id', 'g.id')
    .select(['g.id', sql<string>`count(*) OVER ()`.as('total_count')])
    .where(visibleUpTo(input.rating))
    .where('g.type', '=', 'video')
    .orderBy(sql`t.rank DESC NULLS LAST`)
    .orderBy(sql`g.trending_datetime DESC NULLS LAST`)
    .orderBy('g.import_datetime', 'desc')
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return { rows: rows.map((r) => r.id), total: rows[0] ? Number(rows[0].total_count) : 0 };
}
