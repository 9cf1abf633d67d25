import type { LoopboxFetch } from '@loopbox/sdk';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';

/** The home page's feeds: the page and its prefetch ask with the same URLs, so one answers the other. */
export const trendingStickers = (client: LoopboxFetch) => (offset: number) =>
  client.trending({ type: 'stickers', offset, limit: SITE_PAGE_SIZE });
export const trendingGifs = (client: LoopboxFetch) => (offset: number) => client.trending({ offset, limit: SITE_PAGE_SIZE });

/**
 * Starts the home page's first requests while its code loads: the provider client shares a request
 * in flight and keeps the answer (SPEC 9), so the page's own calls, made after the widgets' fetch
 * debounce, find them done. Failures are left for the page's own calls to meet.
 */
export function prefetchHome(client: LoopboxFetch): void {
  const ignore = () => {};
  client.trendingSearches().catch(ignore);
  client.categories().catch(ignore);
  trendingStickers(client)(0).catch(ignore);
  trendingGifs(client)(0).catch(ignore);
}
