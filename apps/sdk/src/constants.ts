/**
 * Every constant of the provider client, named once (SPEC sections 3, 4.5, 7.6, 8 and 9).
 */

/** Prefix of every error message and log line. */
export const LIBRARY_NAME = '@loopbox/sdk';

/** SDK identification (SPEC 7.6, 7.7). Keep SDK_VERSION equal to package.json's version. */
export const SDK_NAME = 'JavascriptSDK';
export const SDK_VERSION = '0.1.0';
export const SDK_PLATFORM = 'web';
export const SDK_HEADER_NAMES = {
  platform: 'X-GIPHY-SDK-PLATFORM',
  name: 'X-GIPHY-SDK-NAME',
  version: 'X-GIPHY-SDK-VERSION',
} as const;

/** Base URL: same-origin version 1 unless the page or the client says otherwise. */
export const DEFAULT_API_BASE = '/v1/';
export const DEFAULT_API_VERSION = 1;
export const EMOJI_V2_API_VERSION = 2;

/** Request defaults (SPEC 5, 7.6, 9). */
export const DEFAULT_RATING = 'pg-13';
export const DEFAULT_MEDIA_TYPE = 'gifs';
export const CHANNEL_SEARCH_PREFIX = '@';

/** Response cache (SPEC 9). */
export const CACHE_TTL_MS = 60_000;
export const ERROR_CACHE_TTL_MS = 6_000;
/** Our own bound on the default in-memory store (not in the spec): oldest entries go first. */
export const MEMORY_CACHE_MAX_ENTRIES = 500;

/** Pingbacks: the queue is debounced by 1 second (SPEC 7.6). */
export const PINGBACK_DEBOUNCE_MS = 1_000;
/** Our own cap (not in the spec): a full batch is sent at once rather than waiting. */
export const PINGBACK_MAX_BATCH = 100;

/** Errors (SPEC 8). */
export const GENERIC_ERROR_MESSAGE = 'Error fetching';
export const SYNTHETIC_RESPONSE_MESSAGE = 'synthetic response';
export const JSON_PARSE_ERROR_MESSAGE = 'Error parsing json for';
export const MALFORMED_RESPONSE_MESSAGE = 'malformed response data';

/** Normalisation (SPEC 3). */
export const GIF_FLAGS = [
  'is_anonymous',
  'is_community',
  'is_featured',
  'is_hidden',
  'is_indexable',
  'is_preserve_size',
  'is_realtime',
  'is_removed',
  'is_sticker',
  'is_dynamic',
] as const;
export const USER_FLAGS = ['suppress_chrome', 'is_public', 'is_verified'] as const;
/** Channel flags are coerced too, so our server may send them as 0/1 like GIF flags. */
export const CHANNEL_FLAGS = ['has_children', 'is_visible', 'is_private', 'is_live'] as const;

/** Alt text fallback (SPEC 3). */
export const ALT_TEXT_TAGS_WITH_USER = 4;
export const ALT_TEXT_TAGS_WITHOUT_USER = 5;
export const ALT_TEXT_EXCLUDED_TAG = 'transparent';
export const ALT_TEXT_GIF_LABEL = 'GIF';
export const ALT_TEXT_STICKER_LABEL = 'Sticker';

/** Rendition choice (SPEC 9): a rendition may be scaled up by at most this many pixels. */
export const RENDITION_TOLERANCE_PX = 50;

/** Avatars (SPEC 3, 9). */
export const AVATAR_RENDITIONS = ['200h', '80h', '200w'] as const;
export const DEFAULT_AVATAR_RENDITION = '200h';
export const AVATAR_PLACEHOLDER_COUNT = 5;
/** Placeholders are `${base}default${n}.gif`, n from 1 to AVATAR_PLACEHOLDER_COUNT. */
export const AVATAR_PLACEHOLDER_BASE = '/static/avatars/';

/** Pingback id (SPEC 9). */
export const PINGBACK_ID_LENGTH = 16;
export const PINGBACK_ID_STORAGE_KEY = 'loopbox_pingback_id';
export const PINGBACK_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Debug logger switches (SPEC 8). */
export const DEBUG_QUERY_PARAM = 'debug';
export const LOCAL_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];
