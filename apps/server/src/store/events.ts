import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

export interface NewEvent {
  /** Client-made for pingbacks (so repeats are dropped); generated for domain events. */
  eventId?: string;
  type: string;
  stream: string;
  streamId: string;
  ts?: Date;
  payload: Record<string, unknown>;
}

// Appends are serialised by this lock so seq order equals commit order: a projector reading
// `seq > last` can then never skip an event that commits late (see ARCHITECTURE, Store).
const EVENT_LOG_LOCK_KEY = 7_311_002;

/**
 * Appends events inside the caller's transaction, dropping any whose event id is already logged.
 * Returns how many were new.
 */
export async function appendEvents(trx: Transaction<Database>, events: readonly NewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const now = new Date();
  await sql`SELECT pg_advisory_xact_lock(${EVENT_LOG_LOCK_KEY})`.execute(trx);
  const result = await sql<{ seq: string }>`
    INSERT INTO events (event_id, type, stream, stream_id, ts, payload)
    SELECT * FROM unnest(
      ${events.map((e) => e.eventId ?? randomUUID())}::text[],
      ${events.map((e) => e.type)}::text[],
      ${events.map((e) => e.stream)}::text[],
      ${events.map((e) => e.streamId)}::text[],
      ${events.map((e) => (e.ts ?? now).toISOString())}::timestamptz[],
      ${events.map((e) => JSON.stringify(e.payload))}::jsonb[])
    ON CONFLICT (event_id) DO NOTHING
    RETURNING seq`.execute(trx);
  return result.rows.length;
}
