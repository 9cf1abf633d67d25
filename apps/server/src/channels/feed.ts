import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { FeedSource } from './constants.ts';
import { channelsDb } from './schema.ts';

/**
 * A channel's feed is its GIFs in `position` order, 0 … n − 1 with no gaps. These change it; each
 * expects the caller to hold the channel's row lock (store.ts lockChannel).
 */

/** How many GIFs the feed holds. */
async function feedSize(trx: Kysely<Database>, channelId: number): Promise<number> {
  const row = await channelsDb(trx)
    .selectFrom('channel_gifs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds GIFs not yet in the feed at `position` (default: the end), in the order given; returns the ids
 * added. A person's add clears an earlier removal, so magic tags may bring the GIF back later.
 */
export async function addToFeed(
  trx: Kysely<Database>,
  channelId: number,
  gifIds: readonly string[],
  options: { position?: number; source: FeedSource },
): Promise<string[]> {
  const db = channelsDb(trx);
  if (gifIds.length === 0) return [];
  const present = new Set(
    (
      await db
        .selectFrom('channel_gifs')
        .select('gif_id')
        .where('channel_id', '=', channelId)
        .where('gif_id', 'in', [...gifIds])
        .execute()
    ).map((r) => r.gif_id),
  );
  const fresh = [...new Set(gifIds)].filter((id) => !present.has(id));
  if (fresh.length === 0) return [];
  const size = await feedSize(trx, channelId);
  const at = Math.min(options.position ?? size, size);
  if (at < size)
    await db
      .updateTable('channel_gifs')
      .set({ position: sql<number>`position + ${fresh.length}` })
      .where('channel_id', '=', channelId)
      .where('position', '>=', at)
      .execute();
  await db
    .insertInto('channel_gifs')
    .values(fresh.map((gif_id, i) => ({ channel_id: channelId, gif_id, position: at + i, source: options.source })))
    .execute();
  if (options.source === 'manual')
    await db.deleteFrom('channel_gif_removals').where('channel_id', '=', channelId).where('gif_id', 'in', fresh).execute();
  return fresh;
}

/** Moves a GIF already in the feed to `position`; false when it is not in the feed. */
export async function moveInFeed(trx: Kysely<Database>, channelId: number, gifId: string, position: number): Promise<boolean> {
  const db = channelsDb(trx);
  const row = await db
    .selectFrom('channel_gifs')
    .select('position')
    .where('channel_id', '=', channelId)
    .where('gif_id', '=', gifId)
    .executeTakeFirst();
  if (!row) return false;
  const to = Math.min(position, (await feedSize(trx, channelId)) - 1);
  const from = row.position;
  if (to === from) return true;
  if (to < from) {
    await db
      .updateTable('channel_gifs')
      .set({ position: sql<number>`position + 1` })
      .where('channel_id', '=', channelId)
      .where('position', '>=', to)
      .where('position', '<', from)
      .execute();
  } else {
    await db
      .updateTable('channel_gifs')
      .set({ position: sql<number>`position - 1` })
      .where('channel_id', '=', channelId)
      .where('position', '>', from)
      .where('position', '<=', to)
      .execute();
  }
  await db.updateTable('channel_gifs').set({ position: to }).where('channel_id', '=', channelId).where('gif_id', '=', gifId).execute();
  return true;
}

/**
 * Takes GIFs out of the feed and closes the gaps; returns the ids removed. A person's removal is
 * remembered, so a magic tag does not pull the GIF back in.
 */
export async function removeFromFeed(
  trx: Kysely<Database>,
  channelId: number,
  gifIds: readonly string[],
  options: { byPerson: boolean },
): Promise<string[]> {
  const db = channelsDb(trx);
  if (gifIds.length === 0) return [];
  const removed = (
    await db
      .deleteFrom('channel_gifs')
      .where('channel_id', '=', channelId)
      .where('gif_id', 'in', [...gifIds])
      .returning('gif_id')
      .execute()
  ).map((r) => r.gif_id);
  if (options.byPerson && removed.length > 0) {
    await db
      .insertInto('channel_gif_removals')
      .values(removed.map((gif_id) => ({ channel_id: channelId, gif_id })))
      .onConflict((oc) => oc.columns(['channel_id', 'gif_id']).doNothing())
      .execute();
  }
  if (removed.length > 0) {
    await sql`
      UPDATE channel_gifs cg SET position = o.n
      FROM (SELECT gif_id, (row_number() OVER (ORDER BY position, gif_id) - 1)::int AS n FROM channel_gifs WHERE channel_id = ${channelId}) o
      WHERE cg.channel_id = ${channelId} AND cg.gif_id = o.gif_id AND cg.position <> o.n`.execute(trx);
  }
  return removed;
}
