import { sql } from 'kysely';
import { MODERATION_EVENTS, TRANSPARENCY_MONTHS } from './constants.ts';
import type { ModerationDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { TransparencyFigures as Figures, TransparencyMonth as Month } from '@loopbox/contract/moderation-transparency';

/** One calendar month (UTC) of moderation, as `/transparency` publishes it. */
export type TransparencyMonth = Built<typeof Month>;
export type TransparencyFigures = Built<typeof Figures>;

interface Counted {
  month: string;
  kind: string;
  key: string;
  n: number;
}

/**
 * Moderation figures by month, read from the event log (reports, decisions, resolutions and
 * takedowns as they were logged) and the report projection (when each GIF report was closed). Only
 * events naming an actor are read (`payload ? 'actor'`, the partial index of migration 013), so the
 * log's pingbacks are never scanned.
 */
export async function transparencyFigures(db: ModerationDb, now: Date = new Date()): Promise<TransparencyFigures> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TRANSPARENCY_MONTHS - 1), 1));
  const monthOf = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`);
  const E = MODERATION_EVENTS;
  const { rows: counted } = await sql<Counted>`
    WITH logged AS (
      SELECT type, ts, payload FROM events
      WHERE payload ? 'actor' AND ts >= ${start} AND type = ANY(${[E.gifReported, E.searchReported, E.decided, E.searchReportsResolved, E.takedownFiled]}::text[]))
    SELECT ${monthOf('ts')} AS month, 'gif_reports' AS kind, payload->>'reason' AS key, count(*)::int AS n FROM logged WHERE type = ${E.gifReported} GROUP BY 1, 3
    UNION ALL
    SELECT ${monthOf('ts')}, 'search_reports', reason, count(*)::int FROM logged, jsonb_array_elements_text(payload->'reasons') AS reason WHERE type = ${E.searchReported} GROUP BY 1, 3
    UNION ALL
    SELECT ${monthOf('ts')}, 'decisions', payload->>'decision', count(*)::int FROM logged WHERE type = ${E.decided} GROUP BY 1, 3
    UNION ALL
    SELECT ${monthOf('ts')}, 'search_report_resolutions', payload->>'resolution', sum((payload->>'reports')::int)::int FROM logged WHERE type = ${E.searchReportsResolved} GROUP BY 1, 3
    UNION ALL
    SELECT ${monthOf('ts')}, 'takedowns', 'filed', count(*)::int FROM logged WHERE type = ${E.takedownFiled} GROUP BY 1
    UNION ALL
    SELECT ${monthOf('ts')}, 'takedowns', 'items', sum(jsonb_array_length(payload->'items'))::int FROM logged WHERE type = ${E.takedownFiled} GROUP BY 1`.execute(
    db,
  );
  const { rows: decided } = await sql<{ month: string; n: number; median: number | null }>`
    SELECT ${monthOf('resolved_at')} AS month, count(*)::int AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - created_at))::float8 AS median
    FROM gif_reports WHERE resolved_at >= ${start} GROUP BY 1`.execute(db);

  const months = new Map<string, TransparencyMonth>();
  for (let i = 0; i < TRANSPARENCY_MONTHS; i++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7);
    months.set(month, {
      month,
      gif_reports: {},
      search_reports: {},
      decisions: {},
      search_report_resolutions: {},
      takedowns: 0,
      takedown_items: 0,
      reports_decided: 0,
      median_seconds_to_decision: null,
    });
  }
  for (const row of counted) {
    const m = months.get(row.month);
    if (!m) continue;
    if (row.kind === 'takedowns') {
      if (row.key === 'filed') m.takedowns = row.n;
      else m.takedown_items = row.n;
    } else {
      // The keys are the logged reasons, decisions and resolutions, each from its named list.
      const figures: Record<string, number> = m[row.kind as 'gif_reports' | 'search_reports' | 'decisions' | 'search_report_resolutions'];
      figures[row.key] = row.n;
    }
  }
  for (const row of decided) {
    const m = months.get(row.month);
    if (!m) continue;
    m.reports_decided = row.n;
    m.median_seconds_to_decision = row.median === null ? null : Math.round(row.median);
  }
  return { since: start, generated_at: now, months: [...months.values()] };
}
