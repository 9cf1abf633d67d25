/**
 * The server-rendered first screen's numbers (README, Site: server rendering). The grid's gutter,
 * breakpoints and columns are the site's (@loopbox/pages grid-layout.ts).
 */
/**
 * The grid widths the masonry's column choices are made at, by column count (the desktop page, a
 * 768 px tablet, a 375 px phone): tiles' heights round to whole pixels, so a near tie between two
 * columns could go the other way at another width.
 */
export const COLUMN_CHOICE_GRID_WIDTH: Readonly<Record<number, number>> = { 4: 1040, 3: 736, 2: 343 };
/** The grid shows a rendition down to this much narrower than its tile (apps/widgets rendition choice). */
export const RENDITION_TOLERANCE_PX = 50;
/** Tiles whose media is preloaded with high priority: the first row on a desktop. */
export const PRELOADED_TILES = 4;
/** Tiles past these load lazily (below the first screen on any device). */
export const EAGER_TILES = 8;
/** The GIF page's main media: as wide as the page at most. */
export const GIF_MEDIA_SIZES = '(min-width: 1072px) 1040px, calc(100vw - 32px)';
/** The GIF page's media: enlarged at most 2×, at most 540 px high (apps/web/src/site/gif/media-size.ts). */
export const MEDIA_MAX_SCALE = 2;
export const MEDIA_MAX_HEIGHT = 540;
/** The srcset widths the grid offers (apps/widgets/src/constants.ts). */
export const WEBP_SRCSET_WIDTHS = [200, 480] as const;
export const IMAGE_SRCSET_WIDTHS = [200, 480, 500] as const;
/** Trending searches shown on the home page (as its pills). */
export const HOME_SEARCHES_SHOWN = 10;
/** What the site asks per page (SITE_PAGE_SIZE) is also the size of a server-rendered grid. */
