/** The GIF management domain's names and numbers, each defined once. */

export {
  BASE_LANGUAGE,
  GIF_ACTIONS,
  LANGUAGES,
  UPDATE_KEYS,
  type GifAction,
  type UpdateKey,
} from '@loopbox/contract/gif-management';

/** The event each action is logged as (projected into gif_actions_daily). */
export const GIF_ACTION_EVENT = 'gif.action';

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
