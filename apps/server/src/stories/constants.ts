/** Stories numbers and messages, named once (SPEC 3, 5, 7.4, 9). */

/** Where the stories service answers; the edge sends everything under it to the stories upstream (`STORIES_URL`). */
export const STORIES_PATH = '/api/v1/stories';
/** SPEC 9: partner-artist stories per answer by default. */
export const PARTNER_ARTIST_LIMIT = 50;
/** Stories of one user per page by default (SPEC 9's feed page limit), and the most any listing gives. */
export const DEFAULT_STORIES_LIMIT = 25;
export const MAX_STORIES_LIMIT = 100;
export const TITLE_MAX = 140;
export const DESCRIPTION_MAX = 2_000;
export const CAPTION_MAX = 280;
/** GIFs one story may hold. */
export const STORY_MAX_GIFS = 50;
/** Story slugs: lower-case letters, digits and inner dashes, 2 to 100 characters (the stories table's check; the site's /stories/{slug}). */
export { NO_USERNAME_MESSAGE, STORY_SLUG_PATTERN } from '@loopbox/pages';
/** `stories/trending?sort=`: newest publish_datetime first (the default), or oldest first. */
export const TRENDING_SORTS = ['-publish_datetime', 'publish_datetime'] as const;
/** GIPHY's analytics event type for GIFs shown in a story. */
export const STORY_EVENT_TYPE = 'GIF_STORY';
/** `npm run start:stories` listens on STORIES_PORT, by default this one. */
export const STORIES_PORT_DEFAULT = 3001;
