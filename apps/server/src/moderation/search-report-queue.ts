import { sql } from 'kysely';
import { MODERATION_EVENTS, SEARCH_REPORT_DETAILS_MAX } from './constants.ts';
import type { ModerationDb } from './schema.ts';
import type { Built } from '@loopbox/contract/common';
import type { ReportedTerm, SearchReport } from '@loopbox/contract/moderation-search';

/** A term with open search reports, as the queue lists it (its reports read apart). */
export type OpenSearchTerm = Omit<Built<typeof ReportedTerm>, 'reports'>;
export type OpenSearchReport = Built<typeof SearchReport>;

/**
 * The open reports: those whose id is past the last `search.reports_resolved` event of their term
 * (each resolution closes its term's reports up to its `through`). Read by term on the log's stream index.
 */
const OPEN_REPORTS = sql`
  open_reports AS (
    SELECT r.* FROM search_reports r
    LEFT JOIN LATERAL (
      SELECT max((e.payload->>'through')::bigint) AS through FROM events e
      WHERE e.stream = 'search' AND e.stream_id = r.search_term AND e.type = ${MODERATION_EVENTS.searchReportsResolved}) s ON true
    WHERE r.id > coalesce(s.through, 0))`;

/** The highest report id a resolution of `term` has closed (0 when none has). */
export async function searchReportsResolvedThrough(db: ModerationDb, term: string): Promise<bigint> {
  const { rows } = await sql<{ through: string | null }>`
    SELECT max((payload->>'through')::bigint)::text AS through FROM events
    WHERE stream = 'search' AND stream_id = ${term} AND type = ${MODERATION_EVENTS.searchReportsResolved}`.execute(db);
  return BigInt(rows[0]?.through ?? 0);
}

/** A page of terms with open reports, most reported first, then the longest waiting, and how many terms there are. */
export async function openSearchReportTerms(
  db: ModerationDb,
  limit: number,
  offset: number,
): Promise<{ terms: OpenSearchTerm[]; total: number }> {
  const { rows } = await sql<OpenSearchTerm & { total: number }>`
    WITH ${OPEN_REPORTS},
    by_reason AS (
      SELECT o.search_term, reason, count(*)::int AS n FROM open_reports o, unnest(o.reasons) AS reason GROUP BY o.search_term, reason)
    SELECT o.search_term AS term, count(*)::int AS open_reports,
      coalesce((SELECT jsonb_object_agg(b.reason, b.n ORDER BY b.reason) FROM by_reason b WHERE b.search_term = o.search_term), '{}'::jsonb) AS reasons,
      array_agg(DISTINCT o.search_content_type ORDER BY o.search_content_type) AS content_types,
      min(o.created_at) AS first_reported_at, max(o.created_at) AS last_reported_at, max(o.id)::text AS through,
      (count(*) OVER ())::int AS total
    FROM open_reports o
    GROUP BY o.search_term
    ORDER BY count(*) DESC, min(o.created_at), o.search_term
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  const total = rows[0]?.total ?? (offset > 0 ? await countTerms(db) : 0);
  return { terms: rows.map(({ total: _, ...t }) => t), total };
}

async function countTerms(db: ModerationDb): Promise<number> {
  const { rows } = await sql<{ n: number }>`WITH ${OPEN_REPORTS} SELECT count(DISTINCT search_term)::int AS n FROM open_reports`.execute(
    db,
  );
  return rows[0]!.n;
}

/** The newest open reports of each term (at most SEARCH_REPORT_DETAILS_MAX a term), by term. */
export async function openSearchReports(db: ModerationDb, terms: string[]): Promise<Map<string, OpenSearchReport[]>> {
  const found = new Map<string, OpenSearchReport[]>();
  if (terms.length === 0) return found;
  const { rows } = await sql<OpenSearchReport & { search_term: string }>`
    WITH ${OPEN_REPORTS},
    ranked AS (SELECT o.*, row_number() OVER (PARTITION BY o.search_term ORDER BY o.id DESC) AS n FROM open_reports o WHERE o.search_term = ANY(${terms}::text[]))
    SELECT id::text AS id, search_term, reasons, additional_info, search_content_type, search_response_id, reporter LIKE 'user:%' AS signed_in, created_at
    FROM ranked WHERE n <= ${SEARCH_REPORT_DETAILS_MAX} ORDER BY id DESC`.execute(db);
  for (const { search_term, ...report } of rows) found.set(search_term, [...(found.get(search_term) ?? []), report]);
  return found;
}
