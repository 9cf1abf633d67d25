import { sql } from 'kysely';
import { SEARCH_EVENT_TYPE, SEARCH_TRENDING_HALF_LIFE_MS, TRENDING_SEARCHERS_WINDOW_MS } from '../constants.ts';
import { isTrendableText } from '../trendable-term.ts';
import { addDecayed, rankOf, type Decayed } from './decay.ts';
import { ownersOf } from './owners.ts';
import type { LoggedEvent, Projector } from './projector.ts';

const SEEN = 'pingback.seen';

export interface SearchState {
  /** Decayed score and total searches per term, as stored. */
  terms: ReadonlyMap<string, Decayed & { searches: number }>;
  /** The term each logged search response answered, as stored. */
  responses: ReadonlyMap<string, string>;
  /** GIF owners of the batch's pingbacks. */
  owners: ReadonlyMap<string, number>;
}

export interface SearchChanges {
  terms: Map<string, Decayed & { searches: number }>;
  responses: Map<string, string>;
  /** Views of a user's GIFs shown for a term: `${userId}\u0000${term}` → added views. */
  userTerms: Map<string, { userId: number; term: string; views: number }>;
  /** Views of one GIF shown for a term: `${gifId}\u0000${term}` → added views. */
  gifTerms: Map<string, { gifId: string; term: string; views: number }>;
  /** The last time each searcher found results for a term it may trend with: `${term}\u0000${searcher}` → row. */
  searchers: Map<string, { term: string; searcher: string; lastSeen: Date }>;
}

const termOf = (e: LoggedEvent) => (typeof e.payload.term === 'string' ? e.payload.term : '');
const responseOf = (e: LoggedEvent) => (typeof e.payload.response_id === 'string' ? e.payload.response_id : '');
const searcherOf = (e: LoggedEvent) => (typeof e.payload.searcher === 'string' ? e.payload.searcher : '');

/**
 * Pure fold over search events and SEEN pingbacks: each search adds one to its term's decayed score and
 * remembers its response id (and, with results, when its searcher last searched the term); a SEEN
 * pingback carrying a search's response id credits the term to the GIF's owner.
 */
export function foldSearches(events: readonly LoggedEvent[], state: SearchState): SearchChanges {
  const out: SearchChanges = { terms: new Map(), responses: new Map(), userTerms: new Map(), gifTerms: new Map(), searchers: new Map() };
  for (const e of events) {
    if (e.type === SEARCH_EVENT_TYPE) {
      const term = termOf(e);
      if (!term) continue;
      const prev = out.terms.get(term) ?? state.terms.get(term);
      out.terms.set(term, { ...addDecayed(prev, 1, e.ts.getTime(), SEARCH_TRENDING_HALF_LIFE_MS), searches: (prev?.searches ?? 0) + 1 });
      // First search wins a response id (ids are unique per response; this keeps any batch split equal).
      const response = responseOf(e);
      if (response && Number(e.payload.result_count) > 0 && !out.responses.has(response) && !state.responses.has(response))
        out.responses.set(response, term);
      // A searcher counts toward a term only for a search that found something, of a term that may trend at all.
      const searcher = searcherOf(e);
      const key = `${term}\u0000${searcher}`;
      const seen = out.searchers.get(key)?.lastSeen;
      if (searcher && Number(e.payload.result_count) > 0 && isTrendableText(term) && !(seen && seen > e.ts))
        out.searchers.set(key, { term, searcher, lastSeen: e.ts });
    } else if (e.type === SEEN) {
      const response = responseOf(e);
      const term = response ? (out.responses.get(response) ?? state.responses.get(response)) : undefined;
      if (term === undefined) continue;
      const gifKey = `${e.streamId}\u0000${term}`;
      const gifRow = out.gifTerms.get(gifKey) ?? { gifId: e.streamId, term, views: 0 };
      gifRow.views += 1;
      out.gifTerms.set(gifKey, gifRow);
      const userId = state.owners.get(e.streamId);
      if (userId === undefined) continue;
      const key = `${userId}\u0000${term}`;
      const row = out.userTerms.get(key) ?? { userId, term, views: 0 };
      row.views += 1;
      out.userTerms.set(key, row);
    }
  }
  return out;
}

/**
 * Trending searches (decayed per term, with the distinct searchers of the last
 * TRENDING_SEARCHERS_WINDOW_MS) and, per creator and per GIF, the searches their GIFs were seen for.
 */
export const searchesProjector: Projector = {
  name: 'searches',
  eventTypes: [SEARCH_EVENT_TYPE, SEEN],
  tables: ['search_trending', 'search_responses', 'user_search_terms', 'gif_search_terms', 'search_term_searchers'],
  async apply(trx, events) {
    const searches = events.filter((e) => e.type === SEARCH_EVENT_TYPE);
    const seen = events.filter((e) => e.type === SEEN && responseOf(e));
    const terms = [...new Set(searches.map(termOf).filter(Boolean))];
    const responseIds = [...new Set(seen.map(responseOf))];
    const termRows = terms.length
      ? await trx.selectFrom('search_trending').select(['term', 'score', 'as_of', 'searches']).where('term', 'in', terms).execute()
      : [];
    const responseRows = responseIds.length
      ? await trx.selectFrom('search_responses').select(['response_id', 'term']).where('response_id', 'in', responseIds).execute()
      : [];
    const state: SearchState = {
      terms: new Map(termRows.map((r) => [r.term, { score: Number(r.score), asOf: r.as_of.getTime(), searches: Number(r.searches) }])),
      responses: new Map(responseRows.map((r) => [r.response_id, r.term])),
      owners: await ownersOf(
        trx,
        seen.map((e) => e.streamId),
      ),
    };
    const changes = foldSearches(events, state);
    const t = [...changes.terms];
    if (t.length > 0) {
      await sql`
        INSERT INTO search_trending (term, score, as_of, rank, searches)
        SELECT * FROM unnest(${t.map(([term]) => term)}::text[], ${t.map(([, d]) => d.score)}::float8[],
          ${t.map(([, d]) => new Date(d.asOf).toISOString())}::timestamptz[], ${t.map(([, d]) => rankOf(d, SEARCH_TRENDING_HALF_LIFE_MS))}::float8[],
          ${t.map(([, d]) => d.searches)}::bigint[])
        ON CONFLICT (term) DO UPDATE SET score = EXCLUDED.score, as_of = EXCLUDED.as_of, rank = EXCLUDED.rank, searches = EXCLUDED.searches`.execute(
        trx,
      );
    }
    const r = [...changes.responses];
    if (r.length > 0) {
      await sql`
        INSERT INTO search_responses (response_id, term)
        SELECT * FROM unnest(${r.map(([id]) => id)}::text[], ${r.map(([, term]) => term)}::text[])
        ON CONFLICT (response_id) DO NOTHING`.execute(trx);
    }
    const u = [...changes.userTerms.values()];
    if (u.length > 0) {
      await sql`
        INSERT INTO user_search_terms (user_id, term, views)
        SELECT * FROM unnest(${u.map((x) => x.userId)}::integer[], ${u.map((x) => x.term)}::text[], ${u.map((x) => x.views)}::bigint[])
        ON CONFLICT (user_id, term) DO UPDATE SET views = user_search_terms.views + EXCLUDED.views`.execute(trx);
    }
    const s = [...changes.searchers.values()];
    if (s.length > 0) {
      await sql`
        INSERT INTO search_term_searchers (term, searcher, last_seen)
        SELECT * FROM unnest(${s.map((x) => x.term)}::text[], ${s.map((x) => x.searcher)}::text[], ${s.map((x) => x.lastSeen.toISOString())}::timestamptz[])
        ON CONFLICT (term, searcher) DO UPDATE SET last_seen = GREATEST(search_term_searchers.last_seen, EXCLUDED.last_seen)`.execute(trx);
      // Searchers the window has passed count no more: their rows go (a replay ends with the same rows inside it).
      const newest = Math.max(...s.map((x) => x.lastSeen.getTime()));
      await sql`DELETE FROM search_term_searchers WHERE last_seen < ${new Date(newest - TRENDING_SEARCHERS_WINDOW_MS).toISOString()}::timestamptz`.execute(
        trx,
      );
    }
    const g = [...changes.gifTerms.values()];
    if (g.length > 0) {
      await sql`
        INSERT INTO gif_search_terms (gif_id, term, views)
        SELECT * FROM unnest(${g.map((x) => x.gifId)}::text[], ${g.map((x) => x.term)}::text[], ${g.map((x) => x.views)}::bigint[])
        ON CONFLICT (gif_id, term) DO UPDATE SET views = gif_search_terms.views + EXCLUDED.views`.execute(trx);
    }
  },
};
