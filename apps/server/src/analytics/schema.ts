import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** A bigint counter: read as a string (64 bits never lose precision), left out on insert when it defaults to 0. */
type Count = ColumnType<string, string | number | undefined, string | number>;
/** A bigint counter with no default: every insert gives it. */
type GivenCount = ColumnType<string, string | number, string | number>;
/** A date column, read and written as `YYYY-MM-DD` (store/db.ts). */
type Day = ColumnType<string, string, string>;
interface Counts {
  views: Count;
  clicks: Count;
  hovers: Count;
  starts: Count;
}

/** The projection tables of migrations 002 and 003. */
export type AnalyticsTables = {
  projector_state: { name: string; last_seq: Count };
  gif_counts: Counts & { gif_id: string };
  user_counts: Counts & { user_id: number };
  gif_daily: Counts & { gif_id: string; day: Day };
  user_daily: Counts & { user_id: number; day: Day };
  page_type_daily: Counts & { page_type: string; day: Day };
  page_views_daily: { page_type: string; day: Day; views: Count };
  gif_trending: { gif_id: string; score: number; as_of: ColumnType<Date, Date | string, Date | string>; rank: number };
  search_trending: {
    term: string;
    score: number;
    as_of: ColumnType<Date, Date | string, Date | string>;
    rank: number;
    searches: GivenCount;
  };
  search_responses: { response_id: string; term: string };
  user_search_terms: { user_id: number; term: string; views: GivenCount };
  /** Migration 010: downloads, copied links, shares… per GIF and day; searches that showed each GIF. */
  gif_actions_daily: { gif_id: string; day: Day; action: string; count: Count };
  gif_search_terms: { gif_id: string; term: string; views: Count };
  /** Migration 015: calls per API key, day, API (giphy, tenor), endpoint and status; the pingbacks sent with each key. */
  api_usage_daily: { key: string; day: Day; api: string; endpoint: string; status: number; calls: GivenCount };
  api_pingbacks_daily: { key: string; day: Day; api: string; action: string; count: GivenCount };
  /** Migration 019: each day's salt for hashing searchers (analytics/searcher-hash.ts). */
  searcher_salts: { day: Day; salt: string };
  /** Migration 019: who (a salted hash) last found results for a term, and when. */
  search_term_searchers: { term: string; searcher: string; last_seen: ColumnType<Date, Date | string, Date | string> };
};

export type AnalyticsDb = Kysely<Database & AnalyticsTables>;

export function analyticsDb(db: Kysely<Database>): AnalyticsDb {
  return db.withTables<AnalyticsTables>();
}
