import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, GifType, Rating } from '../store/schema.ts';
import { pageFromRanked, visibleUpTo, type GifRow } from './gif-row.ts';

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
 * Full-text relevance (title weighted over tags, every word as a prefix). Only when nothing matches
 * that way does it fall back to trigram word similarity, so "pizzza" still finds pizza while a common
 * word never pays for fuzzy ranking; fuzzy results page like any others. Ranking runs over ids alone;
 * full rows are read for one page. Ties break on id for stable paging.
 */
export async function searchGifs(db: Kysely<Database>, input: SearchInput): Promise<Page<GifRow>> {
  const { channel, terms } = parseChannelQuery(input.q);
  let scope: { channelId: number } | { userId: number } | null = null;
  if (channel) {
    const ch = await db.selectFrom('channels').select('id').where('slug', '=', channel.toLowerCase()).executeTakeFirst();
    const user = ch ? undefined : await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', channel.toLowerCase()).where('is_public', '=', true).executeTakeFirst();
    if (!ch && !user) return { rows: [], total: 0 };
    scope = ch ? { channelId: ch.id } : { userId: (user as { id: number }).id };
  }
  if (input.types.length === 0) return { rows: [], total: 0 };

  let candidates = db
    .selectFrom('gifs as g')
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types]);
  if (scope && 'channelId' in scope) {
    candidates = candidates.where('g.id', 'in', db.selectFrom('channel_gifs').select('gif_id').where('channel_id', '=', scope.channelId));
  } else if (scope) {
    candidates = candidates.where('g.user_id', '=', scope.userId);
  }

  const page = async (match: RawBuilder<boolean> | null, rank: RawBuilder<number> | null) => {
    let query = candidates.select(['g.id', sql<string>`count(*) OVER ()`.as('total_count')]);
    if (match) query = query.where(match);
    query = rank ? query.orderBy(rank, 'desc') : query.orderBy('g.import_datetime', 'desc');
    return query.orderBy('g.id').limit(input.limit).offset(input.offset).execute();
  };

  let ranked;
  if (!terms) {
    ranked = await page(null, null);
  } else {
    const tsquery = sql`to_tsquery('english', ${searchTerms(terms).map((w) => `${w}:*`).join(' & ')})`;
    const words = searchTerms(terms);
    const lang = input.lang?.slice(0, 2).toLowerCase();
    // Every word (letters and digits only, so no LIKE escapes) the prefix of a word of one of the GIF's language tags in that language.
    const languageTags = sql<boolean>`NOT EXISTS (SELECT 1 FROM unnest(${words}::text[]) AS w WHERE NOT EXISTS (
      SELECT 1 FROM gif_language_tags l WHERE l.gif_id = g.id AND l.lang = ${lang ?? ''} AND (' ' || lower(l.tag)) LIKE '% ' || w || '%'))`;
    const fullText = lang && words.length > 0 ? sql<boolean>`(g.search @@ ${tsquery} OR ${languageTags})` : sql<boolean>`g.search @@ ${tsquery}`;
    ranked = await page(fullText, sql<number>`ts_rank_cd(g.search, ${tsquery})`);
    // Fuzzy results are the whole answer when full text matches nothing at all, on every page of it.
    const fullTextMatchesNothing = async () => (await candidates.select(sql<number>`1`.as('hit')).where(fullText).limit(1).execute()).length === 0;
    if (ranked.length === 0 && (input.offset === 0 || (await fullTextMatchesNothing()))) {
      const raw = terms.toLowerCase();
      const doc = sql`loopbox_search_doc(g.title, g.tags)`;
      ranked = await page(sql<boolean>`${doc} %> ${raw}`, sql<number>`word_similarity(${raw}, ${doc})`);
    }
  }
  const result = await pageFromRanked(db, ranked);
  // A page past the end carries no window count; count the matches on their own.
  if (ranked.length === 0 && input.offset > 0) result.total = (await searchGifs(db, { ...input, offset: 0, limit: 1 })).total;
  return result;
}
