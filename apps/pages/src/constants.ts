/**
 * Constants of the site's pages shared by the server and the web app (SPEC 2.3, 7.7, 9), named once.
 */

/** The product name shown in titles, 'Continue Watching on …', 'View on …' and 'via …'. */
export const PROVIDER_NAME = 'Loopbox';

/** The embed's two video hosts (SPEC 2.1, 7.7): their players' origins and the first host's player API script (also the embed's CSP). */
export const FIRST_HOST_PLAYER_ORIGIN = 'https://www.youtube.com';
export const SECOND_HOST_PLAYER_ORIGIN = 'https://player.vimeo.com';
export const FIRST_HOST_API_SCRIPT_URL = `${FIRST_HOST_PLAYER_ORIGIN}/iframe_api`;

/** Embed code (SPEC 7.7, 9): the iframe is fitted into this box from the original rendition. */
export const EMBED_FIT_SIZE = 480;
