/**
 * The query parameters each cached path is answered by, as the server reads them (its zod schemas,
 * documented in /openapi.json; tests/api/edge-cache-keys.test.ts holds this list to that document).
 * Only these make a cache key, so a parameter the server ignores (`?bust=x`) finds the same entry.
 * First match wins, as on the server. `random_id` and `pingback_id` are absent: a URL with them is
 * never cached (PER_USER_PARAMS).
 */
const TYPE = '(?:gifs|stickers|text)';
const ID = '[^/]+';
const GIPHY_COMMON = ['rating', 'lang', 'bundle'];
const PAGED = ['limit', 'offset'];
const TENOR_COMMON = ['client_key', 'country', 'locale'];
const TENOR_LISTING = [...TENOR_COMMON, 'contentfilter', 'media_filter', 'ar_range', 'random', 'limit', 'pos', 'searchfilter'];

export const CACHE_KEY_PARAMS: readonly (readonly [path: RegExp, params: readonly string[]])[] = [
  // The GIPHY-compatible API (/v1, and /v2 emoji).
  [/^\/v1\/gifs\/categories(?:\/[^/]+){0,2}$/, [...PAGED, 'rating']],
  [/^\/v[12]\/emoji$/, [...PAGED, 'rating']],
  [new RegExp(`^/v2/emoji/${ID}/variations$`), []],
  [/^\/v1\/channels\/search$/, ['q', ...PAGED, 'rating']],
  [/^\/v1\/trending\/searches$/, ['limit']],
  [new RegExp(`^/v1/tags/related/${ID}$`), ['score', 'limit']],
  [/^\/v1\/gifs\/search\/tags$/, ['q', ...PAGED]],
  [new RegExp(`^/v1/gifs/${ID}/associations$`), []],
  [/^\/v1\/videos\/search$/, ['q', ...PAGED, 'rating', 'lang']],
  [/^\/v1\/videos\/related$/, ['gif_id', ...PAGED, 'rating']],
  [/^\/v1\/videos\/trending$/, [...PAGED, 'rating']],
  [/^\/v1\/text\/animate$/, ['m', ...PAGED]],
  [new RegExp(`^/v1/${TYPE}/search$`), ['q', ...PAGED, 'excludeDynamicResults', ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/trending$`), [...PAGED, ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/related$`), ['gif_id', ...PAGED, ...GIPHY_COMMON]],
  [new RegExp(`^/v1/${TYPE}/random$`), ['tag', ...GIPHY_COMMON]],
  [/^\/v1\/gifs$/, ['ids', 'rating']],
  [new RegExp(`^/v1/gifs/${ID}$`), []],
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
