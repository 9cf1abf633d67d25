/**
 * The server-rendered first screen's numbers (README, Site: server rendering). The page's grid is as
 * the site's (apps/web/src/site/shell/layout.ts): 8 px gutters, 4 columns on a desktop, 2 on a phone.
 */
export const FIRST_SCREEN_GUTTER_PX = 8;
export const DESKTOP_COLUMNS = 4;
export const PHONE_COLUMNS = 2;
/** A phone by its User-Agent (the grid's width is not known before a script measures it). */
export const PHONE_USER_AGENT = /Mobi|Android|iPhone|iPod/i;
/** Tiles whose media is preloaded with high priority: the first row on a desktop. */
export const PRELOADED_TILES = 4;
/** Tiles past these load lazily (below the first screen on any device). */
export const EAGER_TILES = 8;
/**
 * The `sizes` of a tile's srcset, as the grid computes its tiles (page width at most 1040 px, 16 px
 * padding, 4/3/2 columns from 900/560 px of grid width) less the rendition tolerance (50 px), so
 * the browser picks the rendition the grid will show.
 */
export const TILE_SIZES = '(min-width: 1072px) 204px, (min-width: 932px) calc((100vw - 56px) / 4 - 50px), (min-width: 592px) calc((100vw - 48px) / 3 - 50px), calc((100vw - 40px) / 2 - 50px)';
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
