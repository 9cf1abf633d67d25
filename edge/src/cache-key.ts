import { cacheKeyParams } from './cache-key-params.ts';
import { API_KEY_PARAMS, CACHE_KEY_MAX_BYTES } from './constants.ts';
import type { Route } from './routes.ts';

const utf8 = new TextEncoder();

/** The query parameters that tell a path's answers apart: those it is answered by, and the API key it is asked with. */
function keyParams(route: Route, path: string): readonly string[] | undefined {
  const read = cacheKeyParams(path) ?? (route.keyQuery === 'ignored' ? [] : undefined);
  if (!read) return undefined;
  const apiKey = route.keyParam ? [route.keyParam] : route.apiKey ? API_KEY_PARAMS : [];
  return [...read, ...apiKey];
}

/**
 * The key an answer to `url` is kept under, or undefined when it is not to be kept: its origin and
 * path, and of its query only the parameters that route reads (keyParams), each with its first value
 * (the one the server reads), sorted by name. So `?bust=x`, a repeated parameter or another order
 * finds the same entry, and only the parameters that change the answer can make a new one. The API
 * key stays in it: a key the server would refuse never reads a good key's entry. A path the route
 * does not know, or a key over CACHE_KEY_MAX_BYTES, is not kept.
 */
export function cacheKey(route: Route, url: URL): string | undefined {
  const names = keyParams(route, url.pathname);
  if (!names) return undefined;
  const kept = new URLSearchParams();
  for (const name of [...new Set(names)].sort()) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.append(name, value);
  }
  const query = kept.toString();
  const key = `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
  return utf8.encode(key).byteLength <= CACHE_KEY_MAX_BYTES ? key : undefined;
}
