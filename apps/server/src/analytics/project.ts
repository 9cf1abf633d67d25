import type { AnalyticsDb } from './schema.ts';
import type { LoggedEvent, ProjectionTrx, Projector } from './projectors/projector.ts';

/** Locks a projector's state row (creating it at 0) until the transaction ends; returns its last seq. */
export async function lockProjectorState(trx: ProjectionTrx, name: string): Promise<string> {
  await trx
    .insertInto('projector_state')
    .values({ name, last_seq: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx.selectFrom('projector_state').select('last_seq').where('name', '=', name).forUpdate().executeTakeFirstOrThrow();
  return row.last_seq;
}

/**
 * Folds the next batch of a projector's events, in one transaction that also moves its `last_seq`.
 * Appends hold an advisory lock until commit (store/events.ts), so seq order is commit order and
 * `seq > last_seq` never skips a late commit. The state row is locked, so two runners (or a runner and
 * a replay) never fold the same batch twice. Returns how many events were folded.
 */
export async function projectBatch(db: AnalyticsDb, projector: Projector, batchSize: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lastSeq = await lockProjectorState(trx, projector.name);
    const rows = await trx
      .selectFrom('events')
      .select(['seq', 'type', 'stream_id', 'ts', 'payload'])
      .where('seq', '>', lastSeq)
      .where('type', 'in', [...projector.eventTypes])
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return 0;
    const events: LoggedEvent[] = rows.map((r) => ({ seq: r.seq, type: r.type, streamId: r.stream_id, ts: r.ts, payload: r.payload }));
    await projector.apply(trx, events);
    await trx
      .updateTable('projector_state')
      .set({ last_seq: events[events.length - 1]!.seq })
      .where('name', '=', projector.name)
      .execute();
    return events.length;
  });
}

/** Folds batches until the projector has seen every committed event; yields to the event loop between batches. */
export async function catchUpProjector(db: AnalyticsDb, projector: Projector, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await projectBatch(db, projector, batchSize);
    total += n;
    if (n < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
