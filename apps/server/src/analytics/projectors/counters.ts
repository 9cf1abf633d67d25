import { sql } from 'kysely';
import { COUNTER_OF_TYPE } from '../constants.ts';
import type { AnalyticsTables } from '../schema.ts';
import type { LoggedEvent, ProjectionTrx } from './projector.ts';

export type Counter = 'views' | 'clicks' | 'hovers' | 'starts';
const COUNTERS: readonly Counter[] = ['views', 'clicks', 'hovers', 'starts'];
export const PINGBACK_COUNTED_TYPES = Object.keys(COUNTER_OF_TYPE);

export interface CounterRow {
  key: (string | number)[];
  counts: Record<Counter, number>;
}

/**
 * Pure fold: adds each counted pingback to the rows its `keysOf` names (none, one or several).
 * Integer sums, so any split into batches adds up to the same totals.
 */
export function foldCounters(events: readonly LoggedEvent[], keysOf: (e: LoggedEvent) => (string | number)[][]): CounterRow[] {
  const rows = new Map<string, CounterRow>();
  for (const e of events) {
    const counter = COUNTER_OF_TYPE[e.type];
    if (!counter) continue;
    for (const key of keysOf(e)) {
      const id = JSON.stringify(key);
      let row = rows.get(id);
      if (!row) {
        row = { key, counts: { views: 0, clicks: 0, hovers: 0, starts: 0 } };
        rows.set(id, row);
      }
      row.counts[counter] += 1;
    }
  }
  return [...rows.values()];
}

export interface CounterTable {
  table: keyof AnalyticsTables;
  /** Key columns with their SQL array types, in the order of `CounterRow.key`. */
  keys: readonly { column: string; type: 'text' | 'integer' | 'date' }[];
}

/** Adds folded rows into a counter table in one statement (unnest, upsert adding to what is there). */
export async function addCounters(trx: ProjectionTrx, target: CounterTable, rows: readonly CounterRow[]): Promise<void> {
  if (rows.length === 0) return;
  const keyColumns = target.keys.map((k) => sql.raw(k.column));
  const keyArrays = target.keys.map((k, i) => sql`${rows.map((r) => r.key[i])}::${sql.raw(k.type)}[]`);
  const counterArrays = COUNTERS.map((c) => sql`${rows.map((r) => r.counts[c])}::bigint[]`);
  const updates = COUNTERS.map((c) => sql`${sql.raw(c)} = ${sql.table(target.table)}.${sql.raw(c)} + EXCLUDED.${sql.raw(c)}`);
  await sql`
    INSERT INTO ${sql.table(target.table)} (${sql.join([...keyColumns, ...COUNTERS.map((c) => sql.raw(c))])})
    SELECT * FROM unnest(${sql.join([...keyArrays, ...counterArrays])})
    ON CONFLICT (${sql.join(keyColumns)}) DO UPDATE SET ${sql.join(updates)}`.execute(trx);
}
