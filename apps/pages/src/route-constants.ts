import type { MediaType } from '@loopbox/sdk';
import type { SearchType } from './routes.ts';

/**
 * The site's path grammar, named once (SPEC 2.3, 9; the public API's limits). A module apart from
 * constants.ts so the embed, which needs only the product name, loads none of it.
 */

/** Results per page of the site's GIF listings; `/search/{term}/page/{n}` starts at (n − 1) × this. */
export const SITE_PAGE_SIZE = 25;
/** The public API serves offsets up to 4999 (README, "The public GIF API"): the last page that has any. */
export const MAX_SITE_PAGE = Math.floor(4999 / SITE_PAGE_SIZE) + 1;
/** The public API's limit on a search term. */
export const MAX_SEARCH_TERM_LENGTH = 50;

/** The search tabs in order, and the public API's type each one asks (clips are GIPHY's `videos`). */
export const SEARCH_TYPES: readonly SearchType[] = ['gifs', 'stickers', 'clips'];
export const SEARCH_API_TYPE: Record<SearchType, MediaType> = { gifs: 'gifs', stickers: 'stickers', clips: 'videos' };

/** Usernames (the users table's check): 2 to 40 letters, digits or underscores. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{2,40}$/;
/** GIF ids: letters and digits (the last dash-separated word of a /gifs/{slug} path). */
export const GIF_ID_PATTERN = /^[A-Za-z0-9]{1,40}$/;
/** Channel slugs (the backend's check): 2 to 60 lower-case letters, digits and inner dashes. */
export const CHANNEL_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,58}[a-z0-9]$/;
/** Story slugs (the stories table's check): 2 to 100 lower-case letters, digits and inner dashes. */
export const STORY_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,98}[a-z0-9]$/;
/** Category and subcategory slugs (the public API's check). */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9-]{1,60}$/;

/**
 * First path segments that can never be a profile: the server's other pages and services. The
 * SPEC 2.3 page paths are excluded too (see routes.ts).
 */
export const RESERVED_FIRST_SEGMENTS = [
  'widgets',
  'embed',
  'oembed',
  'static',
  'assets',
  'media',
  'healthz',
  'channel',
  'channels',
  'v1',
  'v2',
  'api',
  'ajax',
  'schedule',
  'schedules',
  'activity',
  'imaging',
] as const;

/**
 * The account pages (SPEC 2.3's /join, /login, /password, /settings, /favorites) and the staff
 * outbox. Mailed links open VERIFY_EMAIL_PAGE and PASSWORD_PAGE with their secret after `#token=`.
 */
export const JOIN_PAGE = '/join';
export const VERIFY_EMAIL_PAGE = '/join/verify';
export const LOGIN_PAGE = '/login';
export const PASSWORD_PAGE = '/password';
export const SETTINGS_PAGE = '/settings';
export const FAVORITES_PAGE = '/favorites';
/** Applying for a verified channel (issue 31): artists and brands, signed in. */
export const APPLY_PAGE = '/apply';
export const OUTBOX_PAGE = '/dashboard/outbox';
/** The staff console (issue 19): moderators and staff. */
export const MODERATION_PAGE = '/dashboard/moderation';
/** A signed-in person's notices about their GIFs (issue 31): held, approved, hidden, rated, removed, taken down. */
export const NOTICES_PAGE = '/dashboard/notices';
/** The dashboard's landing page (its own light entry, not a page of the site's app). */
/** The dashboard's first page (My GIFs) and the upload page (issue 16). */
export const DASHBOARD_PAGE = '/dashboard';
export const UPLOAD_PAGE = '/upload';
/** A developer's apps and keys (any signed-in user), and staff's review of requests for production keys (issue 21). */
export const DEVELOPERS_PAGE = '/dashboard/developers';
export const DEVELOPER_REVIEW_PAGE = '/dashboard/developers/review';
/** The API reference (issue 21): the OpenAPI document rendered, with "try it" using the visitor's own key. */
export const API_DOCS_PAGE = '/docs/api';
/** The API reference's renderer (Scalar's prebuilt bundle), served from this origin. */
export const API_REFERENCE_SCRIPT = '/docs/api/reference.js';
/** The OpenAPI 3.1 document the reference renders. */
export const OPENAPI_DOCUMENT = '/openapi.json';
/**
 * Bare segments that are another page's address (issue 31): `/gifs` is the trending GIFs, `/explore`
 * the home page's overview (trending searches, stickers, categories, GIFs). The server answers 301.
 */
export const SITE_REDIRECTS = { gifs: '/trending-gifs', explore: '/' } as const;
/** The query parameter the login page returns to after signing in. */
export const NEXT_PARAM = 'next';
/** SPEC 5: a user's stories asked for without a username (the stories service's answer, and what the site logs). */
export const NO_USERNAME_MESSAGE = 'No username specified for getUserStories';
