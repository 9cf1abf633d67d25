import { sql, type Kysely } from 'kysely';
import { listedScope } from '../content-policy/access.ts';
import { JOB_BATCH_SIZE } from '../jobs/constants.ts';
import type { JobHandler, JobHandlers } from '../jobs/runner.ts';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { JOB_KINDS } from './constants.ts';
import { addToFeed, removeFromFeed } from './feed.ts';
import { channelsDb } from './schema.ts';
import { channelEvent, flushChannels, lockChannel } from './store.ts';

const count = (progress: Record<string, unknown>, key: string) => (typeof progress[key] === 'number' ? (progress[key] as number) : 0);
const numberOf = (payload: Record<string, unknown>, key: string) => Number(payload[key]);

/**
 * One batch of a channel's magic tags against the GIFs: public GIFs carrying one of its tags that
 * are not in the feed (and were not taken out by a person) join it at the end; GIFs a magic tag
 * brought that no longer carry one (or are no longer public) leave. Idempotent by construction.
 */
export async function reconcileMagicTags(
  trx: Kysely<Database>,
  channelId: number,
  batch: number,
  jobId: string,
): Promise<{ added: string[]; removed: string[] }> {
  const channel = await lockChannel(trx, channelId);
  if (!channel) return { added: [], removed: [] };
  const db = channelsDb(trx);
  const tags = (await db.selectFrom('channel_magic_tags').select('tag').where('channel_id', '=', channelId).execute()).map((r) => r.tag);
  const carries = sql<boolean>`g.tags && ${sql.val(tags)}::text[] AND ${listedScope}`;
  const toAdd =
    tags.length === 0
      ? { rows: [] }
      : await sql<{ id: string }>`
      SELECT g.id FROM gifs g
      WHERE ${carries}
        AND NOT EXISTS (SELECT 1 FROM channel_gifs cg WHERE cg.channel_id = ${channelId} AND cg.gif_id = g.id)
        AND NOT EXISTS (SELECT 1 FROM channel_gif_removals r WHERE r.channel_id = ${channelId} AND r.gif_id = g.id)
      ORDER BY g.import_datetime, g.id LIMIT ${batch}`.execute(trx);
  const toRemove = await sql<{ id: string }>`
      SELECT cg.gif_id AS id FROM channel_gifs cg JOIN gifs g ON g.id = cg.gif_id
      WHERE cg.channel_id = ${channelId} AND cg.source = 'magic' AND NOT (${carries})
      ORDER BY cg.position LIMIT ${batch}`.execute(trx);
  const added = await addToFeed(
    trx,
    channelId,
    toAdd.rows.map((r) => r.id),
    { source: 'magic' },
  );
  const removed = await removeFromFeed(
    trx,
    channelId,
    toRemove.rows.map((r) => r.id),
    { byPerson: false },
  );
  if (added.length + removed.length > 0) {
    await flushChannels(trx, [channelId]);
    await appendEvents(trx, [
      ...(added.length ? [channelEvent('channel.gifs_added', channelId, null, { gifs: added, source: 'magic_tag', job: jobId })] : []),
      ...(removed.length
        ? [channelEvent('channel.gifs_removed', channelId, null, { gifs: removed, source: 'magic_tag', job: jobId })]
        : []),
    ]);
  }
  return { added, removed };
}

/** The update jobs of channels (jobs/runner.ts runs them), `batch` rows a step. */
export function channelJobHandlers(batch = JOB_BATCH_SIZE): JobHandlers {
  /** {channel}: one channel's magic tags, reconciled batch by batch. */
  const magicSync: JobHandler = async (trx, job) => {
    const { added, removed } = await reconcileMagicTags(trx, numberOf(job.payload, 'channel'), batch, job.id);
    const progress = { added: count(job.progress, 'added') + added.length, removed: count(job.progress, 'removed') + removed.length };
    return { done: added.length < batch && removed.length < batch, progress };
  };

  /** Every channel with magic tags (or GIFs they brought), one channel at a time in id order. */
  const magicSweep: JobHandler = async (trx, job) => {
    const after = count(job.progress, 'after');
    const next = await sql<{ id: number }>`
      SELECT id FROM channels c WHERE c.id > ${after}
        AND (EXISTS (SELECT 1 FROM channel_magic_tags m WHERE m.channel_id = c.id) OR EXISTS (SELECT 1 FROM channel_gifs cg WHERE cg.channel_id = c.id AND cg.source = 'magic'))
      ORDER BY id LIMIT 1`.execute(trx);
    const channelId = next.rows[0]?.id;
    if (channelId === undefined) return { done: true };
    const { added, removed } = await reconcileMagicTags(trx, channelId, batch, job.id);
    const channelDone = added.length < batch && removed.length < batch;
    return {
      done: false,
      progress: {
        after: channelDone ? channelId : after,
        added: count(job.progress, 'added') + added.length,
        removed: count(job.progress, 'removed') + removed.length,
      },
    };
  };

  /** {channel, gifs, position?}: a long list of GIFs added in order, a batch a step. */
  const bulkAdd: JobHandler = async (trx, job) => {
    const channelId = numberOf(job.payload, 'channel');
    const gifs = (job.payload.gifs as string[]) ?? [];
    const done = count(job.progress, 'done');
    const channel = await lockChannel(trx, channelId);
    if (!channel) return { done: true, progress: job.progress };
    const slice = gifs.slice(done, done + batch);
    const existing = slice.length
      ? new Set(
          (await trx.selectFrom('gifs').select('id').where('id', 'in', slice).where('is_removed', '=', false).execute()).map((r) => r.id),
        )
      : new Set<string>();
    const position = typeof job.payload.position === 'number' ? job.payload.position + count(job.progress, 'added') : undefined;
    const added = await addToFeed(
      trx,
      channelId,
      slice.filter((id) => existing.has(id)),
      { source: 'manual', ...(position !== undefined ? { position } : {}) },
    );
    if (added.length > 0) {
      await flushChannels(trx, [channelId]);
      await appendEvents(trx, [
        channelEvent('channel.gifs_added', channelId, null, { gifs: added, source: 'bulk_add', job: job.id, by: job.createdBy }),
      ]);
    }
    const progress = { done: done + slice.length, added: count(job.progress, 'added') + added.length, total: gifs.length };
    return { done: progress.done >= gifs.length, progress };
  };

  /** {channels}: after a move, every channel of a big subtree shows new breadcrumbs: new flush_uuids. */
  const flushSubtree: JobHandler = async (trx, job) => {
    const ids = (job.payload.channels as number[]) ?? [];
    const done = count(job.progress, 'done');
    const slice = ids.slice(done, done + batch);
    await flushChannels(trx, slice);
    await appendEvents(
      trx,
      slice.map((id) => channelEvent('channel.flushed', id, null, { reason: 'ancestor_moved', moved: job.payload.moved, job: job.id })),
    );
    return { done: done + slice.length >= ids.length, progress: { done: done + slice.length, total: ids.length } };
  };

  return {
    [JOB_KINDS.magicSync]: magicSync,
    [JOB_KINDS.magicSweep]: magicSweep,
    [JOB_KINDS.bulkAdd]: bulkAdd,
    [JOB_KINDS.flushSubtree]: flushSubtree,
  };
}
