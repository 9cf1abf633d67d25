/**
 * The first screen's API answers the server writes into a site page (apps/server/src/web/first-screen),
 * read by the site's client before its first request (apps/web/src/site/shell/first-data.ts).
 */
export const FIRST_DATA_ELEMENT_ID = 'lb-first-data';

/** Per-visitor parameters the server cannot know in advance: left out of the key. */
const VISITOR_PARAMS = new Set(['api_key', 'pingback_id']);

/**
 * The key of an API URL in the first data: its path from the API version on and its query sorted,
 * without the key and pingback id, so the server's request and the browser's own match.
 */
export function firstDataKey(url: string): string {
  const parsed = new URL(url, 'http://first.data');
  const version = parsed.pathname.search(/\/v\d+\//);
  const path = version >= 0 ? parsed.pathname.slice(version) : parsed.pathname;
  const params = [...parsed.searchParams]
    .filter(([name]) => !VISITOR_PARAMS.has(name))
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  return `${path}?${new URLSearchParams(params).toString()}`;
}
