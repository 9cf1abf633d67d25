import { sql, type Kysely } from 'kysely';
import { publicUserJson, rowsInOrder, type GifRow, type UserRow } from '../content/gif-row.ts';
import type { Database } from '../store/schema.ts';
import { channelsDb } from './schema.ts';
import type { Channel } from './store.ts';

/** A channel with what its answer shows beside its own row. */
export interface ChannelView extends Channel {
  user: UserRow | null;
  has_children: boolean;
  /** A public user has the slug as username: the profile answers at `/{slug}`, so the channel lives at `/channels/{slug}`. */
  shadowed: boolean;
  featured_gif: GifRow | null;
  ranked_tags: { id: number; tag: string; rank: number }[];
  magic_tags: { id: number; tag: string }[];
}

/** The views of these channels, in the order given (ids that name no channel are left out). */
export async function channelViews(db: Kysely<Database>, ids: readonly number[]): Promise<ChannelView[]> {
  if (ids.length === 0) return [];
  const cdb = channelsDb(db);
  const rows = await cdb
    .selectFrom('channels as c')
    .leftJoin('users', 'users.id', 'c.user_id')
    .selectAll('c')
    .select(publicUserJson.as('user'))
    .select(sql<boolean>`EXISTS (SELECT 1 FROM channels k WHERE k.parent_id = c.id)`.as('has_children'))
    .select(sql<boolean>`EXISTS (SELECT 1 FROM users u WHERE lower(u.username) = c.slug AND u.is_public)`.as('shadowed'))
    .where('c.id', 'in', [...ids])
    .execute();
  const [ranked, magic, featured] = await Promise.all([
    cdb
      .selectFrom('channel_ranked_tags')
      .select(['id', 'channel_id', 'tag', 'rank'])
      .where('channel_id', 'in', [...ids])
      .orderBy('rank')
      .orderBy('id')
      .execute(),
    cdb
      .selectFrom('channel_magic_tags')
      .select(['id', 'channel_id', 'tag'])
      .where('channel_id', 'in', [...ids])
      .orderBy('id')
      .execute(),
    rowsInOrder(
      db,
      rows.map((r) => r.featured_gif_id).filter((id): id is string => id !== null),
    ),
  ]);
  const gifs = new Map(featured.filter((g) => !g.is_removed).map((g) => [g.id, g]));
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        featured_gif: r.featured_gif_id ? (gifs.get(r.featured_gif_id) ?? null) : null,
        ranked_tags: ranked.filter((t) => t.channel_id === r.id).map(({ id, tag, rank }) => ({ id, tag, rank })),
        magic_tags: magic.filter((t) => t.channel_id === r.id).map(({ id, tag }) => ({ id, tag })),
      },
    ]),
  );
  return ids.flatMap((id) => {
    const view = byId.get(id);
    return view ? [view] : [];
  });
}

export async function channelView(db: Kysely<Database>, id: number): Promise<ChannelView | undefined> {
  return (await channelViews(db, [id]))[0];
}
