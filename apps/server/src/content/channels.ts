import { sql, type Kysely } from 'kysely';
import { channelOpenScope } from '../content-policy/channels.ts';
import { channelViews, type ChannelView } from '../channels/view.ts';
import type { Database } from '../store/schema.ts';
import type { Page } from './search.ts';

/** Visible public channels whose name or slug is like q (prefix or fuzzy), best match first. */
export async function searchChannels(
  db: Kysely<Database>,
  input: { q: string; limit: number; offset: number },
): Promise<Page<ChannelView>> {
  const q = input.q.toLowerCase();
  const doc = sql`lower(c.display_name || ' ' || c.slug)`;
  const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .selectFrom('channels as c')
    .select('c.id')
    .select(sql<string>`count(*) OVER ()`.as('total_count'))
    .where(channelOpenScope('c'))
    .where(sql<boolean>`(${doc} LIKE ${prefix} OR ${doc} %> ${q} OR c.slug LIKE ${prefix})`)
    .orderBy(sql`word_similarity(${q}, ${doc})`, 'desc')
    .orderBy('c.position')
    .limit(input.limit)
    .offset(input.offset)
    .execute();
  return {
    rows: await channelViews(
      db,
      rows.map((r) => r.id),
    ),
    total: rows[0] ? Number(rows[0].total_count) : 0,
  };
}

/** The channels a GIF belongs to that anyone may see. */
export async function channelsOfGif(db: Kysely<Database>, gifId: string): Promise<{ id: number; slug: string; display_name: string }[]> {
  return db
    .selectFrom('channel_gifs as cg')
    .innerJoin('channels as c', 'c.id', 'cg.channel_id')
    .select(['c.id', 'c.slug', 'c.display_name'])
    .where('cg.gif_id', '=', gifId)
    .where(channelOpenScope('c'))
    .orderBy('c.position')
    .execute();
}
