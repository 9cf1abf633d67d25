/**
 * The site's layout numbers. The page is as wide as SPEC 9's layout grid (1040 px) at most; the
 * masonry columns follow the width so tiles stay between about 150 and 260 px wide.
 */
export const LAYOUT_GRID_WIDTH_PX = 1040;
export const GRID_GUTTER_PX = 8;
/** Results per page of every listing (the provider client's pages, and SPEC 2.3's /page/{n}). */
export { SITE_PAGE_SIZE } from '@loopbox/pages';

export function gridColumns(width: number): number {
  if (width >= 900) return 4;
  if (width >= 560) return 3;
  return 2;
}

/** Tile height of the sticker carousels: smaller on a phone. */
export const carouselHeight = (width: number) => (width >= 560 ? 150 : 110);

/** The infinite grids start their next page this far before the end comes into view. */
export const GRID_PRELOAD_MARGIN = '800px 0px';
