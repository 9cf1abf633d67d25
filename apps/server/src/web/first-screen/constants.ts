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
/** Tiles whose media is preloaded with high priority: the first row on a desktop. */
export const PRELOADED_TILES = 4;
/** Tiles past these load lazily (below the first screen on any device). */
export const EAGER_TILES = 8;
/** The GIF page's main media: as wide as the page at most. */
export const GIF_MEDIA_SIZES = '(min-width: 1072px) 1040px, calc(100vw - 32px)';
/**
 * The home page's category cards whose pictures are preloaded, each with the viewports that show it
 * (none: every viewport): two on a phone, three or four where the cards are full size.
 */
export const PRELOADED_CATEGORY_CARDS: readonly (string | undefined)[] = [undefined, undefined, '(min-width: 560px)', '(min-width: 820px)'];
/**
 * Anonymous first screens kept per process (kept-screens.ts): about 160 KB each with their data, so
 * at most about 32 MB.
 */
export const FIRST_SCREENS_KEPT_MAX = 200;
/** ...and each at most as long as the provider client keeps an answer (SPEC 9, "Provider client cache: 60 s"). */
export const FIRST_SCREEN_KEPT_MS = 60_000;
/** GIF rows kept for the GIF pages' verdicts while nothing changes (assets.ts): a few KB each. */
export const GIF_PAGE_ROWS_KEPT = 2_000;
