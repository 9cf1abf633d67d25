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
 *
 * `upTo`, when given, is a seq up to which every event has committed (the newest when the pass began):
 * a projector that finds less than a batch of its events up to it stands at it afterwards, so the
 * next pass does not walk again over the other types' events in between (a projector of page views
 * would otherwise read every pingback since the last page view, on every pass).
 */
export async function projectBatch(db: AnalyticsDb, projector: Projector, batchSize: number, upTo?: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const lastSeq = await lockProjectorState(trx, projector.name);
    const rows = await trx
      .selectFrom('events')
      .select(['seq', 'type', 'stream_id', 'ts', 'payload'])
      .where('seq', '>', lastSeq)
      .$if(upTo !== undefined, (q) => q.where('seq', '<=', upTo!))
      .where('type', 'in', [...projector.eventTypes])
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    const events: LoggedEvent[] = rows.map((r) => ({ seq: r.seq, type: r.type, streamId: r.stream_id, ts: r.ts, payload: r.payload }));
    if (events.length > 0) await projector.apply(trx, events);
    const standsAt = upTo !== undefined && events.length < batchSize ? upTo : events.at(-1)?.seq;
    if (standsAt !== undefined && BigInt(standsAt) > BigInt(lastSeq))
      await trx.updateTable('projector_state').set({ last_seq: standsAt }).where('name', '=', projector.name).execute();
    return events.length;
  });
}

/** Folds batches until the projector has seen every committed event (or every one up to `upTo`); yields to the event loop between batches. */
export async function catchUpProjector(db: AnalyticsDb, projector: Projector, batchSize: number, upTo?: string): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await projectBatch(db, projector, batchSize, upTo);
    total += n;
    if (n < batchSize) return total;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
