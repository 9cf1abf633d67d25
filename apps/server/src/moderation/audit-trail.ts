import { sql } from 'kysely';
import type { ModerationDb } from './schema.ts';
import { AUDIT_EVENT_TYPES } from './constants.ts';

export interface AuditEntry {
  seq: string;
  type: string;
  stream: string;
  stream_id: string;
  ts: Date;
  actor: number | null;
  payload: Record<string, unknown>;
}

export interface AuditFilter {
  /** `stream:id`, e.g. `gif:abc123` or `user:42`. */
  target?: { stream: string; id: string } | undefined;
  actor?: number | undefined;
  /** Entries older than this seq (the next page's cursor). */
  before?: string | undefined;
  limit: number;
}

/** The audit trail: who reported, decided, took down, edited or changed what, newest first, by target and/or actor. */
export async function auditTrail(db: ModerationDb, filter: AuditFilter): Promise<AuditEntry[]> {
  const target = filter.target ? sql`AND stream = ${filter.target.stream} AND stream_id = ${filter.target.id}` : sql``;
  // The actor's index (migration 013) covers events whose payload names an actor.
  const actor = filter.actor !== undefined ? sql`AND payload ? 'actor' AND payload->>'actor' = ${String(filter.actor)}` : sql``;
  const before = filter.before !== undefined ? sql`AND seq < ${filter.before}::bigint` : sql``;
  const { rows } = await sql<AuditEntry & { actor: string | null }>`
    SELECT seq::text AS seq, type, stream, stream_id, ts, (payload->>'actor') AS actor, payload
    FROM events
    WHERE type = ANY(${[...AUDIT_EVENT_TYPES]}::text[]) ${target} ${actor} ${before}
    ORDER BY seq DESC LIMIT ${filter.limit}`.execute(db);
  return rows.map((r) => ({ ...r, actor: r.actor === null ? null : Number(r.actor) }));
}
