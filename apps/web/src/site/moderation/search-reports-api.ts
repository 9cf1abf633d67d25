import type { Wire } from '@loopbox/contract/common';
import type { SearchReportResolution } from '@loopbox/contract/moderation';
import type { ReportedTerm, SearchReport, SearchReportQueueAnswer, SearchReportsResolved } from '@loopbox/contract/moderation-search';
import { backendData, callBackend } from '../../shared/backend.ts';

/** The search-report queue's calls; the answers' types are the contract's. */
export type { ReportedTerm, SearchReport, SearchReportResolution };

export const fetchSearchReports = (limit: number) =>
  callBackend<Wire<typeof SearchReportQueueAnswer>>('GET', `/api/v1/moderation/search-reports/?limit=${limit}`);
export const resolveSearchReports = (body: { term: string; resolution: SearchReportResolution; reason?: string; through: string }) =>
  backendData<SearchReportsResolved>('POST', '/api/v1/moderation/search-reports/resolve', { json: body });
