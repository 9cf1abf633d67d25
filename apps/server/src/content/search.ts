import { LRUCache } from 'lru-cache';
import { channelOpenScope } from '../content-policy/channels.ts';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, GifSearchTable, GifType, Rating } from '../store/schema.ts';
import { SEARCH_CANDIDATES, SEARCH_RESULTS_MAX_IDS, SEARCH_RESULTS_TTL_MS } from './constants.ts';
import { channelsDb } from '../channels/schema.ts';
import { visibleUpTo } from './gif-row.ts';
import type { SearchIndex } from '../search-index/search-index.ts';
import { andOperands } from '../search-index/tsquery.ts';
import { ratingRank } from '@loopbox/contract/ratings';

export interface SearchInput {
  q: string;
  types: readonly GifType[];
  rating: Rating;
  limit: number;
  offset: number;
  /** A search in this language also matches the GIFs' language tags in it (`gif_language_tags`, migration 010). */
  lang?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** A search's answer for every page: its ranked ids (at most SEARCH_CANDIDATES) and its total, exact or estimated. */
export interface RankedSearch {
  ids: readonly string[];
  total: number;
}

/**
 * Rankings kept per term, type, rating and language for a short time, so the next page, the same search from
 * another client or with another key costs a slice instead of a ranking. `version` reads the store's
 * content version: a ranking made before any GIF changed is not reused.
 */
export interface SearchResults {
  get(key: string, version: string): RankedSearch | undefined;
  set(key: string, version: string, ranked: RankedSearch): void;
  version(): Promise<string>;
  /** This process's search index, up to date (search-index/follow.ts); absent, full-text ranking runs in the store. */
  index?: (() => Promise<SearchIndex>) | undefined;
}

export function createSearchResults(
  version: () => Promise<string>,
  index?: () => Promise<SearchIndex>,
  ttlMs = SEARCH_RESULTS_TTL_MS,
): SearchResults {
  const kept = new LRUCache<string, { version: string; ranked: RankedSearch }>({
    maxSize: SEARCH_RESULTS_MAX_IDS,
    sizeCalculation: (entry) => Math.max(1, entry.ranked.ids.length),
    ttl: ttlMs,
  });
  return {
    get(key, v) {
      const entry = kept.get(key);
      return entry?.version === v ? entry.ranked : undefined;
    },
    set: (key, v, ranked) => void kept.set(key, { version: v, ranked }),
    version,
    index,
  };
}

/** Words the full-text side matches as prefixes; everything else in q only feeds the fuzzy side. */
export function searchTerms(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** `@name rest` scopes a search to a channel (by slug) or, failing that, to a user's uploads. */
export function parseChannelQuery(q: string): { channel: string | null; terms: string } {
  const match = /^@([A-Za-z0-9_-]{1,60})\s*(.*)$/s.exec(q.trim());
  return match ? { channel: match[1] as string, terms: (match[2] as string).trim() } : { channel: null, terms: q.trim() };
}

/**
 * One page of a search. The ranking is made once per term, type and rating (and kept in `results`
 * when given); a page is a slice of it.
 */
export async function searchGifs(
  db: Kysely<Database>,
  input: SearchInput,
  results?: SearchResults,
): Promise<Page<string> & { channelId?: number }> {
  const channel = await searchedChannel(db, input.q);
  const ranked = await rankedSearch(db, input, results, channel?.flush_uuid ?? '');
  const page = { rows: ranked.ids.slice(input.offset, input.offset + input.limit), total: ranked.total };
  return channel ? { ...page, channelId: channel.id } : page;
}

/**
 * The channel a `@slug …` search is scoped to: only a visible, public one (a hidden or private
 * channel's GIFs stay its managers'). Its flush_uuid, new whenever what it shows changes, keys the
 * kept ranking, since a feed change does not move the GIFs' content version.
 */
async function searchedChannel(db: Kysely<Database>, q: string): Promise<{ id: number; flush_uuid: string } | undefined> {
  const { channel } = parseChannelQuery(q);
  if (!channel) return undefined;
  return channelsDb(db)
    .selectFrom('channels')
    .select(['id', 'flush_uuid'])
    .where('slug', '=', channel.toLowerCase())
    .where(channelOpenScope('channels'))
    .executeTakeFirst();
}

async function rankedSearch(
  db: Kysely<Database>,
  input: SearchInput,
  results: SearchResults | undefined,
  channelVersion: string,
): Promise<RankedSearch> {
  if (!results) return rankSearch(db, input);
  const key = JSON.stringify([
    input.q.trim().toLowerCase(),
    input.types,
    input.rating,
    channelVersion,
    input.lang?.slice(0, 2).toLowerCase() ?? '',
  ]);
  const version = await results.version();
  const kept = results.get(key, version);
  if (kept) return kept;
  const ranked = await rankSearch(db, input, results.index);
  results.set(key, version, ranked);
  return ranked;
}

type Candidates = SelectQueryBuilder<Database & { g: GifSearchTable }, 'g', object>;
type Scope = { channelId: number } | { userId: number } | null;

/**
 * The GIFs a search may show, in `gif_search` (the narrow copy full-text ranking reads, migration
 * 017) or in `gifs` (whose trigram index the fuzzy side reads). `gifs` has every column of
 * `gif_search` under the same name, so one builder type serves both.
 */
function candidatesIn(db: Kysely<Database>, table: 'gif_search' | 'gifs', input: SearchInput, scope: Scope): Candidates {
  const from = (table === 'gifs' ? db.selectFrom('gifs as g') : db.selectFrom('gif_search as g')) as Candidates;
  const candidates = from.where(visibleUpTo(input.rating)).where('g.type', 'in', [...input.types]);
  if (scope && 'channelId' in scope)
    return candidates.where('g.id', 'in', db.selectFrom('channel_gifs').select('gif_id').where('channel_id', '=', scope.channelId));
  return scope ? candidates.where('g.user_id', '=', scope.userId) : candidates;
}

/**
 * Full-text relevance (title weighted over tags, every word as a prefix). Only when nothing matches
 * that way does it fall back to trigram word similarity, so "pizzza" still finds pizza while a common
 * word never pays for fuzzy ranking. Ties break on id for stable paging. Given this process's `index`,
 * a full-text search without a scope or language ranks and counts every match there. In the store, at
 * most SEARCH_CANDIDATES matches are ranked (the first the planner's cheapest plan finds) and counted;
 * beyond them the total is the planner's estimate, as GIPHY's total_count for a large result is.
 */
export async function rankSearch(db: Kysely<Database>, input: SearchInput, index?: () => Promise<SearchIndex>): Promise<RankedSearch> {
  const { channel, terms } = parseChannelQuery(input.q);
  let scope: Scope = null;
  if (channel) {
    const ch = await searchedChannel(db, input.q);
    const user = ch
      ? undefined
      : await db
          .selectFrom('users')
          .select('id')
          .where(sql`lower(username)`, '=', channel.toLowerCase())
          .where('is_public', '=', true)
          .executeTakeFirst();
    if (!ch && !user) return { ids: [], total: 0 };
    scope = ch ? { channelId: ch.id } : { userId: (user as { id: number }).id };
  }
  if (input.types.length === 0) return { ids: [], total: 0 };

  const candidates = candidatesIn(db, 'gif_search', input, scope);
  if (!terms) return bounded(db, candidates, null, sql<number>`extract(epoch FROM g.import_datetime)`);
  const words = searchTerms(terms);
  const tsquery = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(' & ')})`;
  const lang = input.lang?.slice(0, 2).toLowerCase();
  // Every word (letters and digits only, so no LIKE escapes) the prefix of a word of one of the GIF's language tags in that language.
  const languageTags = sql<boolean>`NOT EXISTS (SELECT 1 FROM unnest(${words}::text[]) AS w WHERE NOT EXISTS (
    SELECT 1 FROM gif_language_tags l WHERE l.gif_id = g.id AND l.lang = ${lang ?? ''} AND (' ' || lower(l.tag)) LIKE '% ' || w || '%'))`;
  const match = lang && words.length > 0 ? sql<boolean>`(g.search @@ ${tsquery} OR ${languageTags})` : sql<boolean>`g.search @@ ${tsquery}`;
  const fullText =
    (index && !scope && !lang && (await rankedInMemory(db, input, tsquery, index))) ||
    (await bounded(db, candidates, match, sql<number>`ts_rank_cd(g.search, ${tsquery})`));
  if (fullText.total > 0) return fullText;
  const raw = terms.toLowerCase();
  const doc = sql`loopbox_search_doc(g.title, g.tags)`;
  return bounded(db, candidatesIn(db, 'gifs', input, scope), sql<boolean>`${doc} %> ${raw}`, sql<number>`word_similarity(${raw}, ${doc})`);
}

/**
 * The full-text ranking from this process's index: every listed match counted, the best
 * SEARCH_CANDIDATES ranked exactly as the store would rank them. The store parses the query, so both
 * stem and drop stop words alike; a query that is not a plain AND of lexemes is left to the store.
 */
async function rankedInMemory(
  db: Kysely<Database>,
  input: SearchInput,
  tsquery: RawBuilder<unknown>,
  index: () => Promise<SearchIndex>,
): Promise<RankedSearch | undefined> {
  const { rows } = await sql<{ q: string }>`SELECT ${tsquery}::text AS q`.execute(db);
  const operands = andOperands(rows[0]?.q ?? '');
  if (!operands) return undefined;
  return (await index()).search(operands, { types: input.types, maxRatingRank: ratingRank(input.rating) }, SEARCH_CANDIDATES);
}

/**
 * Ranks at most SEARCH_CANDIDATES + 1 matches: the inner LIMIT lets the planner stop as soon as it has
 * found that many (a sequential scan of a common word stops early; a rare word's index scan finds few),
 * so the cost is bounded by the cap, not by how many GIFs match.
 */
async function bounded(
  db: Kysely<Database>,
  candidates: Candidates,
  match: RawBuilder<boolean> | null,
  rank: RawBuilder<number>,
): Promise<RankedSearch> {
  const matching = match ? candidates.where(match) : candidates;
  const found = matching.select(['g.id', rank.as('rank')]).limit(SEARCH_CANDIDATES + 1);
  const rows = await db.selectFrom(found.as('c')).select('c.id').orderBy('c.rank', 'desc').orderBy('c.id').execute();
  if (rows.length <= SEARCH_CANDIDATES) return { ids: rows.map((r) => r.id), total: rows.length };
  const ids = rows.slice(0, SEARCH_CANDIDATES).map((r) => r.id);
  return { ids, total: Math.max(rows.length, await estimatedRows(db, matching.select('g.id'))) };
}

/** The planner's estimate of how many rows a query returns (its statistics for the bound values; no rows are read). */
async function estimatedRows(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database & { g: GifSearchTable }, 'g', { id: string }>,
): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`EXPLAIN (FORMAT JSON) ${query}`.execute(db);
  return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}
