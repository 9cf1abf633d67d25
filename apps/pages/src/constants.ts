/**
 * Constants of the site's pages shared by the server and the web app (SPEC 2.3, 7.7, 9), named once.
 */

/** The product name shown in titles, 'Continue Watching on …', 'View on …' and 'via …'. */
export const PROVIDER_NAME = 'Loopbox';

/** Embed code (SPEC 7.7, 9): the iframe is fitted into this box from the original rendition. */
export const EMBED_FIT_SIZE = 480;
