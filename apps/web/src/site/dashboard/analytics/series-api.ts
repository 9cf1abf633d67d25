/** The response of GET /api/v1/analytics/series/ (apps/server/src/analytics/series-routes.ts). */
export interface DayCounts {
  date: string;
  views: number;
  clicks: number;
  hovers: number;
  starts: number;
}
export interface PageTypeDay extends DayCounts {
  page_type: string;
  page_views: number;
}
export interface Series {
  username: string | null;
  days: number;
  from: string;
  to: string;
  daily: DayCounts[];
  top_gifs: { id: string; title: string; views: number }[];
  top_searches: { counted: 'searches' | 'views'; data: { term: string; count: number }[] };
  /** Page types are kept site-wide only: `null` for a creator. */
  page_types: PageTypeDay[] | null;
}

export const SERIES_PATH = '/api/v1/analytics/series/';

export function seriesUrl(days: number, username: string | null): string {
  const query = new URLSearchParams({ days: String(days) });
  if (username) query.set('username', username);
  return `${SERIES_PATH}?${query}`;
}

/** Fetches the series; a non-2xx answer throws with the server's message (`meta.msg`). */
export async function fetchSeries(days: number, username: string | null, fetchImpl: typeof fetch, signal?: AbortSignal): Promise<Series> {
  const res = await fetchImpl(seriesUrl(days, username), signal ? { signal } : {});
  const body = (await res.json().catch(() => null)) as (Series & { meta?: { msg?: string } }) | null;
  if (!res.ok || body === null) throw new Error(body?.meta?.msg ?? `HTTP ${res.status}`);
  return body;
}
