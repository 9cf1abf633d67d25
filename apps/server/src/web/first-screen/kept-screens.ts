import type { SiteRoute } from '@loopbox/pages';
import { createUnchangedMemo } from '../../content/unchanged-memo.ts';
import { FIRST_SCREEN_KEPT_MS, FIRST_SCREENS_KEPT_MAX } from './constants.ts';

/** A first screen as a page sends it: its markup, its head preloads and its data, already written out. */
export interface ServedScreen {
  html: string;
  preloads: string;
  /**
   * The page's JSON script of the API's answers, encoded once: a kept screen sends the same bytes
   * object every time, whose compressed copy the edge keeps (edge/src/middleware/gzip-pages.ts).
   */
  data: Uint8Array;
}

/**
 * The pages whose anonymous first screen is kept: those made only of reads the store counts (GIFs,
 * users, trending lists and categories in Store.contentChanges, trending searches in
 * Store.trendingSearchChanges) and asked without side effects. Not a search page (its API call
 * logs the search), nor a profile or channel page (they read channels, whose privacy no count follows).
 */
const KEPT_PAGES: ReadonlySet<SiteRoute['page']> = new Set(['home', 'gif', 'category', 'subcategory']);

export interface StoreChanges {
  contentChanges?: (() => number) | undefined;
  trendingSearchChanges?: (() => number) | undefined;
}

export type KeptScreens = (
  route: SiteRoute,
  /** What else the screen is made from (the API's origin, the forwarded scheme); undefined for a visitor with cookies. */
  visitor: string | undefined,
  make: () => Promise<ServedScreen | undefined>,
) => Promise<ServedScreen | undefined>;

/**
 * Anonymous first screens, the same for every visitor, kept while nothing they were read from has
 * changed (and at most FIRST_SCREEN_KEPT_MS): a page then costs its head and a copy, not four API
 * answers and their markup. Where the store counts no changes (PostgreSQL), every page is made as asked.
 * A screen that could not be made is not kept.
 */
export function createKeptScreens({ contentChanges, trendingSearchChanges }: StoreChanges): KeptScreens {
  const changes = contentChanges && trendingSearchChanges ? () => contentChanges() + trendingSearchChanges() : undefined;
  const memo = createUnchangedMemo<ServedScreen>(changes, FIRST_SCREENS_KEPT_MAX, FIRST_SCREEN_KEPT_MS);
  return (route, visitor, make) =>
    visitor !== undefined && KEPT_PAGES.has(route.page)
      ? memo
          .read(JSON.stringify([visitor, route]), async () => (await make()) ?? Promise.reject(new Error('no first screen')))
          .catch(() => undefined)
      : make();
}
