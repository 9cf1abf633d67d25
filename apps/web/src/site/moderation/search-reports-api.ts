import { backendData, callBackend } from '../../shared/backend.ts';

/** One open report of a search, as `GET /api/v1/moderation/search-reports/` details it. */
export interface SearchReport {
  id: string;
  reasons: string[];
  additional_info: string;
  search_content_type: string;
  search_response_id: string;
  signed_in: boolean;
  created_at: string;
}

/** A term with open search reports. */
export interface ReportedTerm {
  term: string;
  open_reports: number;
  reasons: Record<string, number>;
  content_types: string[];
  first_reported_at: string;
  last_reported_at: string;
  /** The newest open report: resolving through it closes what was shown, no more. */
  through: string;
  reports: SearchReport[];
}

export type SearchReportResolution = 'dismiss' | 'act';

export const fetchSearchReports = (limit: number) =>
  callBackend<{ data: ReportedTerm[]; pagination: { total_count: number } }>('GET', `/api/v1/moderation/search-reports/?limit=${limit}`);
export const resolveSearchReports = (body: { term: string; resolution: SearchReportResolution; reason?: string; through: string }) =>
  backendData<{ term: string; resolution: SearchReportResolution; through: string; reports: number }>(
    'POST',
    '/api/v1/moderation/search-reports/resolve',
    { json: body },
  );
