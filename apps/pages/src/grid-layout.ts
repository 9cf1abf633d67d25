/**
 * The site's masonry grid, shared by the web app's grids (apps/web/src/site/feeds/layout.ts) and the
 * server-rendered first screen (apps/server/src/web/first-screen), so both draw the same tiles.
 */

/** The page is as wide as SPEC 9's layout grid at most, with this padding each side (tokens.css --lb-page, --lb-pad). */
export const LAYOUT_GRID_WIDTH_PX = 1040;
export const PAGE_PADDING_PX = 16;
export const GRID_GUTTER_PX = 8;

/** Columns by the grid's width, widest first: tiles stay between about 150 and 260 px wide. */
export const GRID_COLUMN_BREAKPOINTS: readonly { minWidth: number; columns: number }[] = [
  { minWidth: 900, columns: 4 },
  { minWidth: 560, columns: 3 },
  { minWidth: 0, columns: 2 },
];

export function gridColumns(width: number): number {
  return GRID_COLUMN_BREAKPOINTS.find((b) => width >= b.minWidth)?.columns ?? 1;
}
