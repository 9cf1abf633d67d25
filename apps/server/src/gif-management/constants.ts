/** The GIF management domain's names and numbers, each defined once. */

/** What `POST /ajax/gif/update` may change: its `key` must be one of these (each validated by changes.ts). */
export const UPDATE_KEYS = [
  'title',
  'alt_text',
  'tags',
  'rating',
  'source_post_url',
  'visibility',
  'is_sticker',
  'external_media',
] as const;
export type UpdateKey = (typeof UPDATE_KEYS)[number];

/** What `POST /ajax/gif/{id}/analytic/{type}/` counts: things people do with a GIF beyond seeing it. */
export const GIF_ACTIONS = [
  'download',
  'copy_link',
  'copy_embed',
  'share',
  'share_facebook',
  'share_twitter',
  'share_pinterest',
  'share_email',
] as const;
export type GifAction = (typeof GIF_ACTIONS)[number];
/** The event each action is logged as (projected into gif_actions_daily). */
export const GIF_ACTION_EVENT = 'gif.action';

/** Languages language tags may be in (ISO 639-1); `en` is what a GIF's own tags are. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'tr', 'ru', 'ar', 'hi', 'ja', 'ko', 'zh'] as const;
export const BASE_LANGUAGE = 'en';
/** Language tags one GIF may have in one language. */
export const LANGUAGE_TAGS_MAX = 30;

/** GIF ids one metadata call may name. */
export const METADATA_MAX_IDS = 50;
/** GIFs one bulk edit may change. */
export const BULK_MAX_GIFS = 100;
/** A page of My GIFs. */
export const MY_GIFS_PAGE = 25;
/** Related tags one call answers. */
export const RELATED_TAGS_LIMIT = 25;
