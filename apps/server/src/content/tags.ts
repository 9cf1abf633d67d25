import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { listedScope } from '../content-policy/access.ts';
import { trendingSearches } from '../analytics/trending-searches.ts';
import type { TrendingSearchRules } from '../analytics/trending-settings.ts';
import { hitsBlocklist, isTrendableText } from '../analytics/trendable-term.ts';
import type { Store } from '../store/db.ts';
import { TRENDING_TERMS_KEPT_MAX, TRENDING_TERMS_KEPT_MS } from './constants.ts';
import { createUnchangedMemo } from './unchanged-memo.ts';

export interface TagCount {
  name: string;
  count: number;
}

/** Tags that appear together with `tag`, by how many listed GIFs share them. */
export async function relatedTags(db: Kysely<Database>, tag: string, limit: number): Promise<{ tags: TagCount[]; base: number }> {
  const rows = await sql<{ name: string; count: number }>`
    SELECT t AS name, count(*)::int AS count
    FROM gifs g, unnest(g.tags) AS t
    WHERE g.tags @> ARRAY[${tag}]::text[] AND ${listedScope} AND t <> ${tag}
    GROUP BY t ORDER BY count(*) DESC, t LIMIT ${limit}`.execute(db);
  const base = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM gifs g WHERE g.tags @> ARRAY[${tag}]::text[] AND ${listedScope}`.execute(db);
  return { tags: rows.rows, base: base.rows[0]?.n ?? 0 };
}

/** Tags starting with a prefix, most used first (autocomplete). */
export async function tagsWithPrefix(db: Kysely<Database>, prefix: string, limit: number, offset: number): Promise<TagCount[]> {
  const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await sql<TagCount>`
    SELECT t AS name, count(*)::int AS count
    FROM gifs g, unnest(g.tags) AS t
    WHERE lower(t) LIKE ${pattern} AND ${listedScope}
    GROUP BY t ORDER BY count(*) DESC, t LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.rows;
}

/**
 * What people are looking for now: the most searched terms with time decay that may trend
 * (analytics/trending-searches.ts), topped up with the featured tags of recently trending GIFs, most
 * frequent first, while few terms qualify; the tags pass the same text rules and blocklists.
 */
export async function trendingSearchTerms(db: Kysely<Database>, limit: number, rules: TrendingSearchRules): Promise<string[]> {
  const searched = (await trendingSearches(db, limit, rules)).map((s) => s.term);
  if (searched.length >= limit) return searched;
  const rows = await sql<{ term: string }>`
    SELECT t AS term FROM (
      SELECT g.featured_tags FROM gifs g
      WHERE g.trending_datetime IS NOT NULL AND ${listedScope}
      ORDER BY g.trending_datetime DESC LIMIT 200) recent, unnest(recent.featured_tags) AS t
    WHERE NOT EXISTS (SELECT 1 FROM blocked_trending_terms b WHERE b.term = lower(t))
    GROUP BY t ORDER BY count(*) DESC, t LIMIT ${limit}`.execute(db);
  const seen = new Set(searched.map((t) => t.toLowerCase()));
  const featured = rows.rows
    .map((r) => r.term)
    .filter((t) => !seen.has(t.toLowerCase()) && isTrendableText(t.toLowerCase()) && !hitsBlocklist(t.toLowerCase(), rules.blocklist));
  return [...searched, ...featured].slice(0, limit);
}

/** Trending search terms, at most `limit` of them. */
export type TrendingTerms = (limit: number) => Promise<string[]>;

/**
 * trendingSearchTerms, kept on the embedded store while neither of its change counts moves (GIFs and
 * users; scores, searchers, blocked and approved terms), for at most TRENDING_TERMS_KEPT_MS. Without
 * them (PostgreSQL) every call reads.
 */
export function keptTrendingTerms(
  db: Kysely<Database>,
  rules: TrendingSearchRules,
  { contentChanges, trendingSearchChanges }: Pick<Store, 'contentChanges' | 'trendingSearchChanges'>,
  now: () => number = Date.now,
): TrendingTerms {
  // Both counts only grow, so their sum moves whenever either does.
  const changes = contentChanges && trendingSearchChanges ? () => contentChanges() + trendingSearchChanges() : undefined;
  const memo = createUnchangedMemo<string[]>(changes, TRENDING_TERMS_KEPT_MAX);
  return (limit) => memo.read(`${limit} ${Math.floor(now() / TRENDING_TERMS_KEPT_MS)}`, () => trendingSearchTerms(db, limit, rules));
}
