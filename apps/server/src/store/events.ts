import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { LOCK_KEYS } from './lock-keys.ts';

export interface NewEvent {
  /** Client-made for pingbacks (so repeats are dropped); generated for domain events. */
  eventId?: string;
  type: string;
  stream: string;
  streamId: string;
  ts?: Date;
  payload: Record<string, unknown>;
}

/**
 * Appends events in one statement, dropping any whose event id is already logged, and returns the
 * ids that were new. Given a transaction it joins it; given the database the statement is its own
 * transaction, so it has committed when this resolves.
 */
export async function appendEventsReturningIds(db: Kysely<Database>, events: readonly NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const now = new Date();
  const ids = events.map((e) => e.eventId ?? randomUUID());
  // One JSON document for the whole batch: a single JSON.stringify, no per-element array escaping.
  const rows = JSON.stringify(
    events.map((e, i) => ({
      event_id: ids[i],
      type: e.type,
      stream: e.stream,
      stream_id: e.streamId,
      ts: e.ts ?? now,
      payload: e.payload,
    })),
  );
  // The lock is the outer side of the join, so it is held before the first seq is drawn, until commit.
  // One row back: how many were new, and which only when some were not (then this reads the list).
  const result = await sql<{ logged: number; fresh: string[] | null }>`/* prepared:append-events */
    WITH logged AS (
      INSERT INTO events (event_id, type, stream, stream_id, ts, payload)
      SELECT r.event_id, r.type, r.stream, r.stream_id, r.ts, r.payload
      FROM (SELECT pg_advisory_xact_lock(${LOCK_KEYS.eventLog})) AS log_lock,
        json_to_recordset(${rows}::json) AS r(event_id text, type text, stream text, stream_id text, ts timestamptz, payload jsonb)
      ON CONFLICT (event_id) DO NOTHING
      RETURNING event_id)
    SELECT count(*)::int AS logged, CASE WHEN count(*) < ${ids.length} THEN array_agg(event_id) END AS fresh FROM logged`.execute(db);
  const { logged, fresh } = result.rows[0]!;
  return logged === ids.length ? ids : (fresh ?? []);
}

/** Appends events inside the caller's transaction (see appendEventsReturningIds). Returns how many were new. */
export async function appendEvents(trx: Kysely<Database>, events: readonly NewEvent[]): Promise<number> {
  return (await appendEventsReturningIds(trx, events)).length;
}
