import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { AnalyticsTables } from '../schema.ts';

/** One event as a projector sees it. */
export interface LoggedEvent {
  seq: string;
  type: string;
  streamId: string;
  ts: Date;
  payload: Record<string, unknown>;
}

export type ProjectionTrx = Transaction<Database & AnalyticsTables>;

/**
 * A read model folded from the log. `apply` gets a batch in seq order inside the transaction that also
 * moves the projector's `last_seq`, so a batch is folded exactly once. Folding the log in any split into
 * batches must give the same tables as folding it in one go (tests/analytics/replay.test.ts).
 */
export interface Projector {
  name: string;
  /** The event types it reads; the runner fetches only these. */
  eventTypes: readonly string[];
  /** The tables it owns: replay empties them. */
  tables: readonly (keyof AnalyticsTables)[];
  apply(trx: ProjectionTrx, events: readonly LoggedEvent[]): Promise<void>;
}

/** The UTC calendar day of a timestamp, as the `date` columns store it. */
export function dayOf(ts: Date): string {
  return ts.toISOString().slice(0, 10);
}
