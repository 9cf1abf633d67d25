import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChannelsTable, Database } from '../store/schema.ts';
import { publicUserJson, selectGifs, type GifRow, type UserRow } from './gif-row.ts';
import type { Page } from './search.ts';

export type ChannelRow = Selectable<ChannelsTable> & { user: UserRow | null; has_children: boolean; featured_gif: GifRow | null };

/** Visible public channels whose name or slug is like q (prefix or fuzzy), best match first. */
export async function searchChannels(db: Kysely<Database>, input: { q: string; limit: number; offset: number }): Promise<Page<ChannelRow>> {
  const q = input.q.toLowerCase();
  const doc = sql`lower(c.display_name || ' ' || c.slug)`;
  const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .selectFrom('channels as c')
    .leftJoin('users', 'users.id', 'c.user_id')
    .selectAll('c')
    .select(publicUserJson.as('user'))
    .select(sql<boolean>`EXISTS (SELECT 1 FROM channels k WHERE k.parent_id = c.id)`.as('has_children'))
    .select(sql<string>`count(*) OVER ()`.as('total_count'))
    .where('c.is_visible', '=', true)
    .where('c.is_private', '=', false)
    .where(sql<boolean>`(${doc} LIKE ${prefix} OR ${doc} %> ${q} OR c.slug LIKE ${prefix})`)
    .orderBy(sql`word_similarity(${q}, ${doc})`, 'desc')
    .orderBy('c.position')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  const featuredIds = rows.map((r) => r.featured_gif_id).filter((id): id is string => id !== null);
  const gifs = featuredIds.length ? await selectGifs(db).where('g.id', 'in', featuredIds).execute() : [];
  const byId = new Map(gifs.map((g) => [g.id, g]));
  return {
    rows: rows.map(({ total_count: _, ...r }) => ({ ...r, featured_gif: r.featured_gif_id ? (byId.get(r.featured_gif_id) ?? null) : null })),
    total: rows[0] ? Number(rows[0].total_count) : 0,
  };
}

/** The channels a GIF belongs to. */
export async function channelsOfGif(db: Kysely<Database>, gifId: string): Promise<{ id: number; slug: string; display_name: string }[]> {
  return db
    .selectFrom('channel_gifs as cg')
    .innerJoin('channels as c', 'c.id', 'cg.channel_id')
    .select(['c.id', 'c.slug', 'c.display_name'])
    .where('cg.gif_id', '=', gifId)
    .where('c.is_private', '=', false)
    .orderBy('c.position')
    .execute();
}
