import type { Series } from '@loopbox/contract/analytics';

/** The answer of GET /api/v1/analytics/series/, from the contract (apps/contract/src/analytics.ts). */
export type { DayCounts, PageTypeDay, Series } from '@loopbox/contract/analytics';

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
