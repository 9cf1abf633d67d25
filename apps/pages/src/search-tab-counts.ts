import type { LoopboxFetch } from '@loopbox/sdk';
import { SEARCH_API_TYPE, SEARCH_TYPES } from './route-constants.ts';
import type { SearchType } from './routes.ts';

/**
 * Each search tab's number of results, asked as counts alone: the page's own search is logged once
 * (its first page), the tabs' counts are not searches anyone made. The server's first screen and the
 * app ask the same calls, so the app reads the answers the server wrote into the page.
 */
export async function searchTabCounts(client: LoopboxFetch, query: string): Promise<Record<SearchType, number>> {
  const pairs = await Promise.all(
    SEARCH_TYPES.map(async (t) => {
      const answer = await client.search(query, { type: SEARCH_API_TYPE[t], countOnly: true });
      return [t, answer.pagination.total_count] as const;
    }),
  );
  return Object.fromEntries(pairs) as Record<SearchType, number>;
}
