import { backendData } from '../../shared/backend.ts';

/** One calendar month (UTC) of `GET /api/v1/transparency/`. */
export interface TransparencyMonth {
  month: string;
  gif_reports: Record<string, number>;
  search_reports: Record<string, number>;
  decisions: Record<string, number>;
  search_report_resolutions: Record<string, number>;
  takedowns: number;
  takedown_items: number;
  reports_decided: number;
  median_seconds_to_decision: number | null;
}

export interface TransparencyFigures {
  since: string;
  generated_at: string;
  months: TransparencyMonth[];
}

export const fetchTransparency = () => backendData<TransparencyFigures>('GET', '/api/v1/transparency/');
