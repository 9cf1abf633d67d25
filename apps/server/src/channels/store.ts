import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Actor } from '../auth/audit.ts';
import type { NewEvent } from '../store/events.ts';
import type { ChannelsTable, Database } from '../store/schema.ts';
import { channelsDb, type ChannelTables } from './schema.ts';

export type Channel = Selectable<ChannelsTable> & Selectable<ChannelTables['channels']>;

/** A channel by id, as stored; undefined when there is none. */
export async function findChannel(db: Kysely<Database>, id: number): Promise<Channel | undefined> {
  return channelsDb(db).selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findChannelBySlug(db: Kysely<Database>, slug: string): Promise<Channel | undefined> {
  return channelsDb(db).selectFrom('channels').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
}

/**
 * Locks a channel's row for the rest of the transaction: every change to its feed, tags or place in
 * the tree holds it, so concurrent changes (from any process) apply one after the other.
 */
export async function lockChannel(trx: Kysely<Database>, id: number): Promise<Channel | undefined> {
  return channelsDb(trx).selectFrom('channels').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What the channels show changed: each gets a new flush_uuid (clients key their caches by it). */
export async function flushChannels(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await channelsDb(trx)
    .updateTable('channels')
    .set({ flush_uuid: sql<string>`gen_random_uuid()`, updated_at: new Date() })
    .where('id', 'in', [...ids])
    .execute();
}

/** A change to a channel as a domain event on its stream, with who made it (null for the system: jobs). */
export function channelEvent(type: string, channelId: number, actor: Actor | null, details: Record<string, unknown> = {}): NewEvent {
  const by = actor ? { actor: actor.userId, via: actor.via, address: actor.address } : { actor: null, via: 'job' };
  return { eventId: randomUUID(), type, stream: 'channel', streamId: String(channelId), payload: { ...details, ...by } };
}

/** The channel's ancestors, root first. */
export async function ancestorsOf(db: Kysely<Database>, id: number): Promise<Channel[]> {
  const rows = await sql<Channel & { depth: number }>`
    WITH RECURSIVE up AS (
      SELECT c.*, 0 AS depth FROM channels c WHERE c.id = (SELECT parent_id FROM channels WHERE id = ${id})
      UNION ALL
      SELECT p.*, up.depth + 1 FROM channels p JOIN up ON p.id = up.parent_id WHERE up.depth < 64
    )
    SELECT * FROM up ORDER BY depth DESC`.execute(db);
  return rows.rows;
}

/** The channel and every channel below it (ids), with the subtree's depth below the channel. */
export async function subtreeOf(db: Kysely<Database>, id: number): Promise<{ ids: number[]; depth: number }> {
  const rows = await sql<{ id: number; depth: number }>`
    WITH RECURSIVE down AS (
      SELECT id, 0 AS depth FROM channels WHERE id = ${id}
      UNION ALL
      SELECT c.id, down.depth + 1 FROM channels c JOIN down ON c.parent_id = down.id WHERE down.depth < 64
    )
    SELECT id, depth FROM down`.execute(db);
  return { ids: rows.rows.map((r) => r.id), depth: Math.max(0, ...rows.rows.map((r) => r.depth)) };
}

/** A channel's children in their order. */
export async function childrenOf(db: Kysely<Database>, parentId: number): Promise<Channel[]> {
  return channelsDb(db).selectFrom('channels').selectAll().where('parent_id', '=', parentId).orderBy('position').orderBy('id').execute();
}

/** Channels owned by a user whose parent is not theirs: the roots of the trees they manage. */
export async function ownedRoots(db: Kysely<Database>, userId: number): Promise<Channel[]> {
  return channelsDb(db)
    .selectFrom('channels as c')
    .leftJoin('channels as p', 'p.id', 'c.parent_id')
    .selectAll('c')
    .where('c.user_id', '=', userId)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.user_id', 'is', null), eb('p.user_id', '!=', userId)]))
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
}

/**
 * Renumbers the children of a parent (null: the roots) 0, 1, 2 … in their order, with `moved` (when
 * given) put at `position` (default: last).
 */
export async function placeAmongSiblings(
  trx: Kysely<Database>,
  parentId: number | null,
  moved: number | null,
  position?: number,
): Promise<void> {
  const siblings = await channelsDb(trx)
    .selectFrom('channels')
    .select('id')
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .$if(moved !== null, (qb) => qb.where('id', '!=', moved!))
    .orderBy('position')
    .orderBy('id')
    .execute();
  const order = siblings.map((s) => s.id);
  if (moved !== null) order.splice(Math.min(position ?? order.length, order.length), 0, moved);
  for (const [index, id] of order.entries()) {
    await channelsDb(trx).updateTable('channels').set({ position: index }).where('id', '=', id).where('position', '!=', index).execute();
  }
}
