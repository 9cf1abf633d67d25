import type { Context } from 'hono';
import { searcherOf } from '../analytics/searcher-hash.ts';
import type { ApiDeps } from './context.ts';

export interface AnsweredSearch {
  q: string;
  /** gifs, stickers, text or videos (clips). */
  type: string;
  offset: number;
  /** A result tab's count (`count_only`): no search anyone made. */
  countOnly: boolean;
  /** The store's matches: text rendered on demand answers any query, so it is no result. */
  total: number;
  responseId: string;
}

/**
 * A search is its first page: logged once per answer at offset 0, never for a count alone. Queued,
 * not awaited: the batched writer appends it after the response.
 */
export function logSearch(c: Context, deps: ApiDeps, search: AnsweredSearch): void {
  if (search.offset !== 0 || search.countOnly) return;
  deps.searchLog?.record({
    q: search.q,
    type: search.type,
    resultCount: search.total,
    responseId: search.responseId,
    searcher: searcherOf(c),
  });
}
