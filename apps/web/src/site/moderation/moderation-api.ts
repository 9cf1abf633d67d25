import type { AccountAction, Decision } from '@loopbox/pages';
import { backendData, callBackend } from '../../shared/backend.ts';

/**
 * The staff console's calls, each an existing backend route of apps/server/src/moderation/ (its
 * README section lists them) or of accounts (the role change).
 */

/** A GIF waiting in `GET /api/v1/moderation/queue/`. */
export interface QueueItem {
  id: string;
  title: string;
  rating: string;
  moderation_state: string;
  nsfw_score: number | null;
  suggested_rating: string | null;
  username: string | null;
  create_datetime: string;
  open_reports: number;
  reasons: string[];
  preview: string;
}

export interface AuditEntry {
  seq: string;
  type: string;
  stream: string;
  stream_id: string;
  ts: string;
  actor: number | null;
  /** A signed-in user, an anonymous visitor (a report), or the system (audit-words.ts says it). */
  actor_kind: 'user' | 'anonymous' | 'system';
  actor_username: string | null;
  actor_role: string | null;
  payload: Record<string, unknown>;
}

export interface GifReport {
  id: string;
  reporter: string;
  reason: string;
  note: string;
  created_at: string;
  resolved_at: string | null;
  resolution: string | null;
}

/** `GET /api/v1/gifs/{id}/moderation`: a GIF in any state with its reports and history. */
export interface GifModeration {
  id: string;
  title: string;
  tags: string[];
  rating: string;
  visibility: string;
  is_removed: boolean;
  moderation_state: string;
  nsfw_score: number | null;
  suggested_rating: string | null;
  username: string | null;
  create_datetime: string;
  preview: string;
  reports: GifReport[];
  history: AuditEntry[];
}

export interface DecisionAnswer {
  gif_id: string;
  decision: Decision;
  state: string;
  is_removed: boolean;
  rating: string;
}

/** A row of the search service (`GET /api/v1/search-service/search/`). */
export interface ContentRow {
  id: string;
  title: string;
  type: string;
  rating: string;
  username: string | null;
  tags: string[];
  visibility: string;
  moderation_state: string;
  is_removed: boolean;
  nsfw_score: number | null;
  reports: number;
  create_datetime: string;
}

export interface TakedownItem {
  gif_id: string;
  reason: string;
  status?: string;
}

export interface TakedownAnswer {
  takedown_id: string;
  state: string;
  owners_mailed: number;
  items: TakedownItem[];
}

/** `GET /api/v1/moderation/users/?username=`. */
export interface FoundUser {
  id: number;
  username: string;
  display_name: string;
  role: string;
  is_public: boolean;
  is_verified: boolean;
  suppress_chrome: boolean;
  suspended_at: string | null;
  created_at: string;
  gif_count: number;
}

export interface TrendingTerm {
  term: string;
  searches: number;
}

export interface BlockedTerm {
  term: string;
  blocked_by: number | null;
  created_at: string;
}

/** Trending search review (TRENDING_REVIEW): terms that qualify but wait for staff, and those approved. */
export interface TrendingReview {
  review: boolean;
  min_searchers: number;
  candidates: (TrendingTerm & { searchers: number })[];
  approved: { term: string; approved_by: number | null; created_at: string }[];
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.toString();
};

export const fetchQueue = (limit: number) =>
  callBackend<{ data: QueueItem[]; pagination: { total_count: number } }>('GET', `/api/v1/moderation/queue/?${query({ limit })}`);
export const fetchGifModeration = (id: string) => backendData<GifModeration>('GET', `/api/v1/gifs/${encodeURIComponent(id)}/moderation`);
export const decide = (id: string, body: { action: Decision; reason: string; rating?: string }) =>
  backendData<DecisionAnswer>('POST', `/api/v1/gifs/${encodeURIComponent(id)}/moderation`, { json: body });

export const fetchAudit = (filter: { target?: string; actor?: string; before?: string }) =>
  backendData<{ entries: AuditEntry[]; next_before: string | null }>('GET', `/api/v1/moderation/audit/?${query(filter)}`);

export type SearchFilters = Record<
  'q' | 'username' | 'rating' | 'state' | 'type' | 'uploaded_from' | 'uploaded_to' | 'min_reports',
  string
>;
const searchQuery = (filters: Partial<SearchFilters>, page?: { limit: number; offset: number }) => query({ ...filters, ...page });
export const searchContent = (filters: Partial<SearchFilters>, page: { limit: number; offset: number }) =>
  callBackend<{ data: ContentRow[]; pagination: { has_more: boolean; offset: number } }>(
    'GET',
    `/api/v1/search-service/search/?${searchQuery(filters, page)}`,
  );
export const csvHref = (filters: Partial<SearchFilters>) => `/api/v1/search-service/csv/?${searchQuery(filters)}`;

export const fileTakedown = (body: { items: TakedownItem[]; send_email: boolean; note?: string }) =>
  backendData<TakedownAnswer>('POST', '/api/v3/content-takedown/takedown', { json: body });

export const findUser = (username: string) => backendData<FoundUser>('GET', `/api/v1/moderation/users/?${query({ username })}`);
export const changeRole = (id: number, role: string) =>
  backendData<{ id: number; role: string }>('PUT', `/api/v1/users/${id}/role/`, { json: { role } });
export const actOnAccount = (id: number, action: AccountAction, reason: string) =>
  backendData<{ id: number; action: AccountAction; suspended: boolean }>('POST', `/api/v1/users/${id}/moderation/`, {
    json: { action, reason },
  });

export const fetchTrendingSearches = async () =>
  (await callBackend<{ data: TrendingTerm[] }>('GET', '/api/v1/analytics/dashboard-trending-searches/')).data;
export const fetchBlockedTerms = () => backendData<BlockedTerm[]>('GET', '/api/v1/moderation/trending-blocks/');
export const fetchTrendingReview = () => backendData<TrendingReview>('GET', '/api/v1/moderation/trending-candidates/');
export const setTermApproved = (term: string, approved: boolean) =>
  backendData<{ term: string; approved: boolean; changed: boolean }>(
    approved ? 'PUT' : 'DELETE',
    '/api/v1/moderation/trending-candidates/',
    { json: { term } },
  );
export const setTermBlocked = (term: string, blocked: boolean) =>
  backendData<{ term: string; blocked: boolean; changed: boolean }>(blocked ? 'PUT' : 'DELETE', '/api/v1/moderation/trending-blocks/', {
    json: { term },
  });
