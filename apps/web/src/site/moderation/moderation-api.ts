import type { AccountAction, Decision } from '@loopbox/pages';
import type { DashboardTrendingSearches } from '@loopbox/contract/analytics';
import type { Wire } from '@loopbox/contract/common';
import type { RoleChanged } from '@loopbox/contract/accounts';
import type { AccountActioned, Decided, FoundUser } from '@loopbox/contract/moderation';
import type { AuditAnswer, AuditEntry, GifModeration, QueueAnswer, QueueItem } from '@loopbox/contract/moderation-review';
import type { ContentRow, ContentSearchAnswer } from '@loopbox/contract/moderation-search';
import type { TakedownFiled, TakedownItem, TakedownRefused } from '@loopbox/contract/moderation-takedowns';
import type { BlockedTerm, TermApproved, TermBlocked, TrendingReview } from '@loopbox/contract/moderation-trending';
import { backendData, callBackend } from '../../shared/backend.ts';

/**
 * The staff console's calls, each an existing backend route of apps/server/src/moderation/ (its
 * README section lists them) or of accounts (the role change). The answers' types are the
 * contract's (@loopbox/contract, types only: zod stays out of the bundle).
 */

export type {
  AccountActioned,
  AuditEntry,
  BlockedTerm,
  ContentRow,
  Decided,
  FoundUser,
  GifModeration,
  QueueItem,
  TakedownFiled,
  TakedownItem,
  TakedownRefused,
  TrendingReview,
};

/** The site's trending searches (`GET /api/v1/analytics/dashboard-trending-searches/`, no username). */
type SiteTrendingSearches = Extract<DashboardTrendingSearches, { username: null }>;
export type TrendingTerm = SiteTrendingSearches['data'][number];

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.toString();
};

export const fetchQueue = (limit: number) => callBackend<Wire<typeof QueueAnswer>>('GET', `/api/v1/moderation/queue/?${query({ limit })}`);
export const fetchGifModeration = (id: string) => backendData<GifModeration>('GET', `/api/v1/gifs/${encodeURIComponent(id)}/moderation`);
export const decide = (id: string, body: { action: Decision; reason: string; rating?: string }) =>
  backendData<Decided>('POST', `/api/v1/gifs/${encodeURIComponent(id)}/moderation`, { json: body });

export const fetchAudit = (filter: { target?: string; actor?: string; before?: string }) =>
  backendData<Wire<typeof AuditAnswer>['data']>('GET', `/api/v1/moderation/audit/?${query(filter)}`);

export type SearchFilters = Record<
  'q' | 'username' | 'rating' | 'state' | 'type' | 'uploaded_from' | 'uploaded_to' | 'min_reports',
  string
>;
const searchQuery = (filters: Partial<SearchFilters>, page?: { limit: number; offset: number }) => query({ ...filters, ...page });
export const searchContent = (filters: Partial<SearchFilters>, page: { limit: number; offset: number }) =>
  callBackend<Wire<typeof ContentSearchAnswer>>('GET', `/api/v1/search-service/search/?${searchQuery(filters, page)}`);
export const csvHref = (filters: Partial<SearchFilters>) => `/api/v1/search-service/csv/?${searchQuery(filters)}`;

export const fileTakedown = (body: { items: Pick<TakedownItem, 'gif_id' | 'reason'>[]; send_email: boolean; note?: string }) =>
  backendData<TakedownFiled>('POST', '/api/v3/content-takedown/takedown', { json: body });

export const findUser = (username: string) => backendData<FoundUser>('GET', `/api/v1/moderation/users/?${query({ username })}`);
export const changeRole = (id: number, role: string) => backendData<RoleChanged>('PUT', `/api/v1/users/${id}/role/`, { json: { role } });
export const actOnAccount = (id: number, action: AccountAction, reason: string) =>
  backendData<AccountActioned>('POST', `/api/v1/users/${id}/moderation/`, { json: { action, reason } });

export const fetchTrendingSearches = async () =>
  (await callBackend<SiteTrendingSearches>('GET', '/api/v1/analytics/dashboard-trending-searches/')).data;
export const fetchBlockedTerms = () => backendData<BlockedTerm[]>('GET', '/api/v1/moderation/trending-blocks/');
export const fetchTrendingReview = () => backendData<TrendingReview>('GET', '/api/v1/moderation/trending-candidates/');
export const setTermApproved = (term: string, approved: boolean) =>
  backendData<TermApproved>(approved ? 'PUT' : 'DELETE', '/api/v1/moderation/trending-candidates/', { json: { term } });
export const setTermBlocked = (term: string, blocked: boolean) =>
  backendData<TermBlocked>(blocked ? 'PUT' : 'DELETE', '/api/v1/moderation/trending-blocks/', { json: { term } });
