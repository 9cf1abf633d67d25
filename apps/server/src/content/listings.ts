import { sql, type Kysely } from 'kysely';
import type { Database, GifType, Rating } from '../store/schema.ts';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { selectGifs, visibleUpTo, type GifRow } from './gif-row.ts';
import { searchTerms, type Page } from './search.ts';
import { keptTrendingPage, trendingListKey, type KeptPage } from './trending-order.ts';
import type { UnchangedMemo } from './unchanged-memo.ts';
import { ratingRank } from '@loopbox/contract/ratings';
import { TRENDING_BLOCK } from './constants.ts';
import { hasTrendingScores } from '../analytics/queries.ts';
import { analyticsDb } from '../analytics/schema.ts';

interface ListInput {
  types: readonly GifType[];
  rating: Rating;
  limit: number;
  offset: number;
}

const EMPTY: Page<string> = { rows: [], total: 0 };
const withTotal = sql<string>`count(*) OVER ()`.as('total_count');

/**
 * Trending GIF ids. Once pingbacks have been projected (analytics/projectors/trending-gifs.ts): highest
 * time-decayed score first, then the seeded trending order for GIFs without a score. Before that: most
 * recently trending first. A page is read from the order the projection runner keeps
 * (trending-order.ts); until it has kept one, it is computed here.
 */
export async function trendingGifs(
  db: Kysely<Database>,
  write: Kysely<Database>,
  input: ListInput,
  keptPages?: UnchangedMemo<KeptPage | null>,
): Promise<Page<string>> {
  if (input.types.length === 0) return EMPTY;
  const list = trendingListKey(input.types, ratingRank(input.rating));
  const kept = await (keptPages
    ? keptSlice(keptPages, list, input, (offset, limit) => keptTrendingPage(db, write, list, offset, limit))
    : keptTrendingPage(db, write, list, input.offset, input.limit));
  if (kept) return { rows: kept.ids, total: kept.total };
  if (await hasTrendingScores(db)) return trendingByScore(db, input);
  const trending = db
    .selectFrom('gifs as g')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types])
    .where('g.trending_datetime', 'is not', null);
  const page = await trending
    .select('g.id')
    .orderBy('g.trending_datetime', 'desc')
    .orderBy('g.id')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const { n } = await trending.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: page.map((r) => r.id), total: Number(n) };
}

/**
 * A page of a kept list as a slice of the TRENDING_BLOCK-position blocks it falls in, read in one
 * statement and kept together while the store reports no change (a rebuilt list counts as one,
 * migration 016, so a kept block is never older than its list). Pages that share blocks (the next
 * page of a scroll, another offset) read nothing more. Positions run 0, 1, 2… in a kept list.
 */
async function keptSlice(
  memo: UnchangedMemo<KeptPage | null>,
  list: string,
  { offset, limit }: ListInput,
  read: (offset: number, limit: number) => Promise<KeptPage | null>,
): Promise<KeptPage | null> {
  const first = Math.floor(offset / TRENDING_BLOCK);
  const last = Math.floor((offset + limit - 1) / TRENDING_BLOCK);
  const blocks = await memo.read(`${list}:${first}:${last}`, () => read(first * TRENDING_BLOCK, (last - first + 1) * TRENDING_BLOCK));
  if (!blocks) return null;
  const skip = offset - first * TRENDING_BLOCK;
  return { ids: blocks.ids.slice(skip, skip + limit), total: blocks.total };
}

/**
 * Scored GIFs by their stored rank (an index walk under LIMIT), then the rest of the seeded trending
 * GIFs by trending_datetime: a page may take its head from one list and its tail from the other.
 */
async function trendingByScore(db: Kysely<Database>, input: ListInput): Promise<Page<string>> {
  const adb = analyticsDb(db);
  const scored = adb
    .selectFrom('gif_trending as t')
    .innerJoin('gifs as g', 'g.id', 't.gif_id')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types]);
  const unscored = adb
    .selectFrom('gifs as g')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types])
    .where('g.trending_datetime', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('gif_trending as t').select('t.gif_id').whereRef('t.gif_id', '=', 'g.id'))));
  const nScored = Number((await scored.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const nUnscored = Number((await unscored.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const ids: string[] = [];
  if (input.offset < nScored) {
    const head = await scored.select('g.id').orderBy('t.rank', 'desc').orderBy('g.id').limit(input.limit).offset(input.offset).execute();
    ids.push(...head.map((r) => r.id));
  }
  if (ids.length < input.limit) {
    const tail = await unscored
      .select('g.id')
      .orderBy('g.trending_datetime', 'desc')
      .orderBy('g.id')
      .limit(input.limit - ids.length)
      .offset(Math.max(0, input.offset - nScored))
      .execute();
    ids.push(...tail.map((r) => r.id));
  }
  return { rows: ids, total: nScored + nUnscored };
}

/** GIFs sharing the most tags with the given one; null when anyone may not open that one (content-policy/access.ts). */
export async function relatedGifs(
  db: Kysely<Database>,
  gifId: string,
  input: ListInput,
  keptPages?: UnchangedMemo<Page<string> | null>,
): Promise<Page<string> | null> {
  const read = () => rankRelated(db, gifId, input);
  // Related GIFs are read from `gifs` alone, whose every change counts (migration 016).
  return keptPages ? keptPages.read(`${gifId}:${input.types.join(',')}:${input.rating}:${input.offset}:${input.limit}`, read) : read();
}

async function rankRelated(db: Kysely<Database>, gifId: string, input: ListInput): Promise<Page<string> | null> {
  const source = await db
    .selectFrom('gifs as g')
    .select('g.tags')
    .where('g.id', '=', gifId)
    .where(openScope(ANONYMOUS_VIEWER))
    .executeTakeFirst();
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
  return { rows: ranked.map((r) => r.id), total: ranked[0] ? Number(ranked[0].total_count) : 0 };
}

/** One random visible GIF, optionally carrying a tag (matched like a search). */
export async function randomGif(
  db: Kysely<Database>,
  input: { types: readonly GifType[]; rating: Rating; tag?: string | undefined },
): Promise<GifRow | undefined> {
  if (input.types.length === 0) return undefined;
  let query = selectGifs(db)
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types]);
  const words = input.tag ? searchTerms(input.tag) : [];
  if (words.length > 0) query = query.where(sql<boolean>`g.search @@ to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`);
  return query.orderBy(sql`random()`).limit(1).executeTakeFirst();
}
