/**
 * The site's layout numbers. The grid's width, gutter and columns are shared with the server's first
 * screen (@loopbox/pages grid-layout.ts).
 */
export { GRID_GUTTER_PX, gridColumns, LAYOUT_GRID_WIDTH_PX } from '@loopbox/pages';
/** Results per page of every listing (the provider client's pages, and SPEC 2.3's /page/{n}). */
export { SITE_PAGE_SIZE } from '@loopbox/pages';

/** Tile height of the sticker carousels (shared with the server's first screen). */
export { carouselHeight } from '@loopbox/pages';

/** The infinite grids start their next page this far before the end comes into view. */
export const GRID_PRELOAD_MARGIN = '800px 0px';
