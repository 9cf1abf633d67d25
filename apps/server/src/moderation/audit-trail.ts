import { sql } from 'kysely';
import type { ModerationDb } from './schema.ts';
import { AUDIT_EVENT_TYPES } from './constants.ts';
import type { Built } from '@loopbox/contract/common';
import type { AuditEntry as AuditEntrySchema } from '@loopbox/contract/moderation-review';

export type AuditEntry = Built<typeof AuditEntrySchema>;

export interface AuditFilter {
  /** `stream:id`, e.g. `gif:abc123`, `user:42` or `search:two words`. */
  target?: { stream: string; id: string } | undefined;
  actor?: number | undefined;
  /** Entries older than this seq (the next page's cursor). */
  before?: string | undefined;
  limit: number;
}

/** The audit trail: who reported, decided, took down, edited or changed what, newest first by the log's sequence number, by target and/or actor. */
export async function auditTrail(db: ModerationDb, filter: AuditFilter): Promise<AuditEntry[]> {
  const target = filter.target ? sql`AND e.stream = ${filter.target.stream} AND e.stream_id = ${filter.target.id}` : sql``;
  // The actor's index (migration 013) covers events whose payload names an actor.
  const actor = filter.actor !== undefined ? sql`AND e.payload ? 'actor' AND e.payload->>'actor' = ${String(filter.actor)}` : sql``;
  const before = filter.before !== undefined ? sql`AND e.seq < ${filter.before}::bigint` : sql``;
  // Ordered by the bigint column itself: the text copy of seq in the answer would sort 99 before 974.
  const { rows } = await sql<Omit<AuditEntry, 'actor'> & { actor: string | null }>`
    SELECT e.seq::text AS seq, e.type, e.stream, e.stream_id, e.ts, (e.payload->>'actor') AS actor,
      CASE WHEN e.payload->>'actor' IS NOT NULL THEN 'user' WHEN e.payload->>'via' = 'anonymous' THEN 'anonymous' ELSE 'system' END AS actor_kind,
      u.username AS actor_username, u.role AS actor_role, e.payload
    FROM events e
    LEFT JOIN users u ON u.id = CASE WHEN e.payload->>'actor' ~ '^[0-9]{1,18}$' THEN (e.payload->>'actor')::bigint END
    WHERE e.type = ANY(${[...AUDIT_EVENT_TYPES]}::text[]) ${target} ${actor} ${before}
    ORDER BY e.seq DESC LIMIT ${filter.limit}`.execute(db);
  return rows.map((r) => ({ ...r, actor: r.actor === null ? null : Number(r.actor) }));
}
