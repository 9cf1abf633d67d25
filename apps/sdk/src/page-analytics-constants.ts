/**
 * Page analytics constants, named once (SPEC 2.3, 8, 9).
 */

/**
 * SPEC 2.3: the paths whose first segment (or, for `/edit/gifs`, first two) names a page type.
 * Any other path is a channel page.
 */
export const PAGE_TYPE_PATHS = [
  '/',
  '/categories',
  '/create',
  '/upload',
  '/backdrop',
  '/clips',
  '/dashboard',
  '/explore',
  '/favorites',
  '/gifs',
  '/stickers',
  '/login',
  '/apply',
  '/join',
  '/password',
  '/email-jail',
  '/search',
  '/studios',
  '/team',
  '/edit/gifs',
  '/artists',
  '/apps',
  '/transparency',
  '/about',
  '/labs',
  '/ar-scenes',
  '/stories',
  '/posts',
  '/settings',
  '/trending-gifs',
  '/edit',
  '/404',
  '/403',
  '/maintenance',
] as const;

/** The page type of `/`: the spec lists the root path; it needs a name. */
export const HOME_PAGE_TYPE = 'home';
/** The page type of every path not in PAGE_TYPE_PATHS (SPEC 2.3). */
export const CHANNEL_PAGE_TYPE = 'channel';

/** Channel feed pages: page = offset / limit + 1, limit defaulting to the feed page limit (SPEC 2.3, 9). */
export const DEFAULT_FEED_PAGE_LIMIT = 25;

/** Where sticker searches live as virtual pages (SPEC 2.3). */
export const STICKER_SEARCH_PATH = '/create/gifmaker/decorate/stickers';

/** SPEC 8: what an invalid page URL throws, and the warning an unparseable one logs instead. */
export const INVALID_URL_MESSAGE = 'Invalid URL';
export const UNPARSEABLE_PAGE_URL_WARNING = 'Unparseable URL for page analytics';
