/** Which requests the service worker answers, and how: pure, so they are tested without a worker. */

/** The pages that reload offline: every URL of a kind serves the same HTML, kept under one key. */
const SHELL_PAGES: Array<[RegExp, string]> = [
  [/^\/widgets\/?$/, '/__shell/widgets'],
  [/^\/labs\/pipeline\/?$/, '/__shell/pipeline'],
];
export const shellKeyOf = (pathname: string) => SHELL_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];

/**
 * Kept per URL for offline reloads: GIF pages and embeds (the server writes each with its GIF in the
 * HTML, so one GIF's page cannot stand for another's), GIF lookups by id, and media files.
 */
const RUNTIME_PATHS = [
  /^\/gifs\/[A-Za-z0-9_-]+\/?$/,
  /^\/embed\/[A-Za-z0-9]+\/?$/,
  /^\/v1\/gifs\/(?!search$|random$|related$|trending$|categories$)[A-Za-z0-9]+$/,
  /^\/media\//,
];

export const isRuntimeCached = (pathname: string) => RUNTIME_PATHS.some((pattern) => pattern.test(pathname));

/** What the worker may store: a whole answer (200) the server did not mark `no-store` (a page or file written for one viewer). */
export const mayKeep = (response: Response) =>
  response.status === 200 && !/(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '');
