/**
 * The query parameters each cached path is answered by, as the server reads them (its zod schemas,
 * documented in /openapi.json; tests/api/edge-cache-keys.test.ts holds this list to that document).
 * Only these make a cache key, so a parameter the server ignores (`?bust=x`) finds the same entry.
 * First match wins, as on the server. `random_id` and `pingback_id` are absent: a URL with them is
 * never cached (PER_USER_PARAMS).
 */
const TYPE = '(?:gifs|stickers|text)';
const ID = '[^/]+';
// GIPHY's fields and bundle trim any /v1 answer after it is made (server public-api/trim.ts), so they key every /v1 path.
const TRIMMED = ['fields', 'bundle', 'country_code', 'region'];
const GIPHY_COMMON = ['rating', 'lang', ...TRIMMED];
const PAGED = ['limit', 'offset'];
const TENOR_COMMON = ['client_key', 'country', 'locale'];
const TENOR_LISTING = [...TENOR_COMMON, 'contentfilter', 'media_filter', 'ar_range', 'random', 'limit', 'pos', 'searchfilter'];

export const CACHE_KEY_PARAMS: readonly (readonly [path: RegExp, params: readonly string[]])[] = [
  // The GIPHY-compatible API (/v1, and /v2 emoji).
  [/^\/v1\/gifs\/categories(?:\/[^/]+){0,2}$/, [...PAGED, 'rating', ...TRIMMED]],
  [/^\/v1\/emoji$/, [...PAGED, 'rating', ...TRIMMED]],
  [/^\/v2\/emoji$/, [...PAGED, 'rating']],
  [new RegExp(`^/v2/emoji/${ID}/variations$`), []],
  [/^\/v1\/channels\/search$/, ['q', ...PAGED, 'rating', ...TRIMMED]],
  [/^\/v1\/trending\/searches$/, ['limit', ...TRIMMED]],
  [new RegExp(`^/v1/tags/related/${ID}$`), ['score', 'limit', ...TRIMMED]],
  [/^\/v1\/gifs\/search\/tags$/, ['q', ...PAGED, ...TRIMMED]],
  [new RegExp(`^/v1/gifs/${ID}/associations$`), TRIMMED],
  [/^\/v1\/videos\/search$/, ['q', ...PAGED, 'count_only', ...GIPHY_COMMON]],
  [/^\/v1\/videos\/related$/, ['gif_id', ...PAGED, 'rating', ...TRIMMED]],
  [/^\/v1\/videos\/trending$/, [...PAGED, 'rating', ...TRIMMED]],
  [/^\/v1\/clips\/search$/, ['q', ...PAGED, 'count_only', ...GIPHY_COMMON]],
  [/^\/v1\/clips\/trending$/, [...PAGED, 'rating', ...TRIMMED]],
  [/^\/v1\/clips$/, ['ids', ...TRIMMED]],
  [new RegExp(`^/v1/clips/${ID}$`), TRIMMED],
  [/^\/v1\/(?:gifs|stickers)\/translate$/, ['s', 'weirdness', ...GIPHY_COMMON]],
  [/^\/v1\/text\/animate$/, ['m', ...PAGED, ...TRIMMED]],
  [new RegExp(`^/v1/${TYPE}/search$`), ['q', ...PAGED, 'excludeDynamicResults', 'count_only', ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/trending$`), [...PAGED, ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/related$`), ['gif_id', ...PAGED, ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/random$`), ['tag', ...GIPHY_COMMON]],
  [/^\/v1\/gifs$/, ['ids', 'rating', ...TRIMMED]],
  [new RegExp(`^/v1/gifs/${ID}$`), TRIMMED],
  // The Tenor-compatible API.
  [/^\/tenor\/v2\/search$/, ['q', ...TENOR_LISTING]],
  [/^\/tenor\/v2\/featured$/, TENOR_LISTING],
  [/^\/tenor\/v2\/categories$/, [...TENOR_COMMON, 'type', 'contentfilter']],
  [/^\/tenor\/v2\/(?:search_suggestions|autocomplete)$/, ['q', ...TENOR_COMMON, 'limit']],
  [/^\/tenor\/v2\/trending_terms$/, [...TENOR_COMMON, 'limit']],
  [/^\/tenor\/v2\/posts$/, ['ids', 'media_filter', ...TENOR_COMMON]],
  // The site (assets route): oEmbed.
  [/^\/oembed$/, ['url', 'format']],
];

/** The parameters that make `path`'s cache key, or undefined when the list does not know the path. */
export function cacheKeyParams(path: string): readonly string[] | undefined {
  return CACHE_KEY_PARAMS.find(([pattern]) => pattern.test(path))?.[1];
}
