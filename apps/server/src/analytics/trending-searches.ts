import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { SEARCH_TRENDING_HALF_LIFE_MS, TRENDING_CANDIDATE_PAGE, TRENDING_SEARCHERS_WINDOW_MS } from './constants.ts';
import { hitsBlocklist, isTrendableText } from './trendable-term.ts';
import type { TrendingSearchRules } from './trending-settings.ts';

export interface TrendingSearch {
  term: string;
  /** The decayed score as of now. */
  score: number;
  /** Searches logged for the term (all of them, results or not). */
  searches: number;
  /** Distinct searchers who found results for it within TRENDING_SEARCHERS_WINDOW_MS. */
  searchers: number;
}

/** `shown`: what everyone sees (with review on, approved terms only); `candidates`: terms that qualify but staff have not approved. */
export type TrendingList = 'shown' | 'candidates';

interface Row {
  term: string;
  score: number;
  as_of: Date | string;
  searches: string | number;
  searchers: number;
}

/**
 * The most searched terms now (decayed), as far as they may trend: searched with results by at
 * least `rules.minSearchers` distinct searchers in the window, no user's handle, not blocked by
 * moderators, made of plain words (isTrendableText), free of the blocklist's entries and, with
 * review on, approved. Every place that shows trending searches reads this.
 */
export async function trendingSearches(
  db: Kysely<Database>,
  limit: number,
  rules: TrendingSearchRules,
  list: TrendingList = 'shown',
): Promise<TrendingSearch[]> {
  const since = new Date(Date.now() - TRENDING_SEARCHERS_WINDOW_MS).toISOString();
  const approval =
    list === 'candidates'
      ? sql`NOT EXISTS (SELECT 1 FROM approved_trending_terms a WHERE a.term = t.term)`
      : rules.review
        ? sql`EXISTS (SELECT 1 FROM approved_trending_terms a WHERE a.term = t.term)`
        : sql`true`;
  const found: TrendingSearch[] = [];
  for (let offset = 0; found.length < limit; offset += TRENDING_CANDIDATE_PAGE) {
    const rows = await sql<Row>`
      SELECT t.term, t.score, t.as_of, t.searches, n.searchers
      FROM search_trending t
      CROSS JOIN LATERAL (SELECT count(*)::int AS searchers FROM search_term_searchers s WHERE s.term = t.term AND s.last_seen >= ${since}::timestamptz) n
      WHERE n.searchers >= ${rules.minSearchers}
        AND NOT EXISTS (SELECT 1 FROM blocked_trending_terms b WHERE b.term = lower(t.term))
        AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.username) = lower(t.term))
        AND ${approval}
      ORDER BY t.rank DESC, t.term
      LIMIT ${TRENDING_CANDIDATE_PAGE} OFFSET ${offset}`.execute(db);
    for (const r of rows.rows) {
      if (!isTrendableText(r.term) || hitsBlocklist(r.term, rules.blocklist)) continue;
      const asOf = new Date(r.as_of).getTime();
      const score = Number(r.score) * 2 ** (-(Date.now() - asOf) / SEARCH_TRENDING_HALF_LIFE_MS);
      found.push({ term: r.term, score, searches: Number(r.searches), searchers: r.searchers });
    }
    if (rows.rows.length < TRENDING_CANDIDATE_PAGE) break;
  }
  return found.slice(0, limit);
}
