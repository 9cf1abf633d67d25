import { sql, type Kysely } from 'kysely';
import type { Database, GifType, Rating } from '../store/schema.ts';
import { selectGifs, visibleUpTo, type GifRow } from './gif-row.ts';

export interface SearchInput {
  q: string;
  types: readonly GifType[];
  rating: Rating;
  limit: number;
  offset: number;
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
 * Full-text relevance (title weighted over tags, every word as a prefix) plus trigram word
 * similarity, so "pizz" and "pizzza" both find pizza. Ties break on id for stable paging.
 */
export async function searchGifs(db: Kysely<Database>, input: SearchInput): Promise<Page<GifRow>> {
  const { channel, terms } = parseChannelQuery(input.q);
  let scope: { channelId: number } | { userId: number } | null = null;
  if (channel) {
    const ch = await db.selectFrom('channels').select('id').where('slug', '=', channel.toLowerCase()).executeTakeFirst();
    const user = ch ? undefined : await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', channel.toLowerCase()).executeTakeFirst();
    if (!ch && !user) return { rows: [], total: 0 };
    scope = ch ? { channelId: ch.id } : { userId: (user as { id: number }).id };
  }

  const words = searchTerms(terms);
  const tsquery = words.map((w) => `${w}:*`).join(' & ');
  const doc = sql`loopbox_search_doc(g.title, g.tags)`;
  let query = selectGifs(db)
    .select(sql<string>`count(*) OVER ()`.as('total_count'))
    .where(visibleUpTo(input.rating))
    .where('g.type', 'in', [...input.types]);
  if (scope && 'channelId' in scope) {
    query = query.where('g.id', 'in', db.selectFrom('channel_gifs').select('gif_id').where('channel_id', '=', scope.channelId));
  } else if (scope) {
    query = query.where('g.user_id', '=', scope.userId);
  }
  if (terms) {
    const raw = terms.toLowerCase();
    query = query
      .where(sql<boolean>`(g.search @@ to_tsquery('english', ${tsquery}) OR ${doc} %> ${raw})`)
      .orderBy(sql`ts_rank_cd(g.search, to_tsquery('english', ${tsquery})) + word_similarity(${raw}, ${doc})`, 'desc');
  } else {
    query = query.orderBy('g.import_datetime', 'desc');
  }
  const rows = await query.orderBy('g.id').limit(input.limit).offset(input.offset).execute();
  const total = rows[0] ? Number(rows[0].total_count) : input.offset > 0 ? await countFallback(db, input) : 0;
  return { rows: rows.map(({ total_count: _, ...row }) => row), total };
}

// A page past the end has no row to carry the window count; count the matches on their own.
async function countFallback(db: Kysely<Database>, input: SearchInput): Promise<number> {
  const page = await searchGifs(db, { ...input, offset: 0, limit: 1 });
  return page.total;
}
