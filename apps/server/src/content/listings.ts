import { sql, type Kysely } from 'kysely';
import type { Database, GifType, Rating } from '../store/schema.ts';
import { pageFromRanked, rowsInOrder, selectGifs, visibleUpTo, type GifRow } from './gif-row.ts';
import { searchTerms, type Page } from './search.ts';
import { gifTrendingRank, hasTrendingScores } from '../analytics/queries.ts';
import { analyticsDb } from '../analytics/schema.ts';

interface ListInput {
  types: readonly GifType[];
  rating: Rating;
  limit: number;
  offset: number;
}

const EMPTY: Page<GifRow> = { rows: [], total: 0 };
const withTotal = sql<string>`count(*) OVER ()`.as('total_count');

/**
 * Trending GIFs. Once pingbacks have been projected (analytics/projectors/trending-gifs.ts): highest
 * time-decayed score first, then the seeded trending order for GIFs without a score. Before that: most
 * recently trending first, walking the trending index under LIMIT; the total is a separate count, which
 * is cheaper than a window count that must visit every trending row.
 */
export async function trendingGifs(db: Kysely<Database>, input: ListInput): Promise<Page<GifRow>> {
  if (input.types.length === 0) return EMPTY;
  if (await hasTrendingScores(db)) return trendingByScore(db, input);
  const trending = db
    .selectFrom('gifs as g')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types])
    .where('g.trending_datetime', 'is not', null);
  const page = await trending.select('g.id').orderBy('g.trending_datetime', 'desc').orderBy('g.id').limit(input.limit).offset(input.offset).execute();
  const { n } = await trending.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: await rowsInOrder(db, page.map((r) => r.id)), total: Number(n) };
}

async function trendingByScore(db: Kysely<Database>, input: ListInput): Promise<Page<GifRow>> {
  const trending = analyticsDb(db)
    .selectFrom('gifs as g')
    .leftJoin('gif_trending as t', 't.gif_id', 'g.id')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types])
    .where((eb) => eb.or([eb('g.trending_datetime', 'is not', null), eb('t.gif_id', 'is not', null)]));
  const page = await trending
    .select('g.id')
    .orderBy(sql`${gifTrendingRank()} DESC NULLS LAST`)
    .orderBy(sql`g.trending_datetime DESC NULLS LAST`)
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const { n } = await trending.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: await rowsInOrder(db, page.map((r) => r.id)), total: Number(n) };
}

/** GIFs sharing the most tags with the given one. */
export async function relatedGifs(db: Kysely<Database>, gifId: string, input: ListInput): Promise<Page<GifRow> | null> {
  const source = await db.selectFrom('gifs').select('tags').where('id', '=', gifId).executeTakeFirst();
  if (!source) return null;
  if (input.types.length === 0) return EMPTY;
  const ranked = await db
    .selectFrom('gifs as g')
    .select(['g.id', withTotal])
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types])
    .where('g.id', '!=', gifId)
    .where(sql<boolean>`g.tags && ${source.tags}::text[]`)
    .orderBy(sql`cardinality(ARRAY(SELECT unnest(g.tags) INTERSECT SELECT unnest(${source.tags}::text[])))`, 'desc')
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return pageFromRanked(db, ranked);
}

/** One random visible GIF, optionally carrying a tag (matched like a search). */
export async function randomGif(db: Kysely<Database>, input: { types: readonly GifType[]; rating: Rating; tag?: string | undefined }): Promise<GifRow | undefined> {
  if (input.types.length === 0) return undefined;
  let query = selectGifs(db).where(visibleUpTo(input.rating)).where('g.type', 'in', [...input.types]);
  const words = input.tag ? searchTerms(input.tag) : [];
  if (words.length > 0) query = query.where(sql<boolean>`g.search @@ to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`);
  return query.orderBy(sql`random()`).limit(1).executeTakeFirst();
}
