/** Which requests the service worker answers, and how: pure, so they are tested without a worker. */

/** The pages that reload offline: every URL of a kind serves the same HTML, kept under one key. */
const SHELL_PAGES: Array<[RegExp, string]> = [
  [/^\/gifs\/[A-Za-z0-9_-]+\/?$/, '/__shell/gif'],
  [/^\/widgets\/?$/, '/__shell/widgets'],
  [/^\/labs\/pipeline\/?$/, '/__shell/pipeline'],
];
export const shellKeyOf = (pathname: string) => SHELL_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];

/**
 * Kept per URL for offline reloads: embeds (the server renders each with its GIF in the HTML, so
 * one embed's page cannot stand for another's), GIF lookups by id, and media files.
 */
const RUNTIME_PATHS = [
  /^\/embed\/[A-Za-z0-9]+\/?$/,
  /^\/v1\/gifs\/(?!search$|random$|related$|trending$|categories$)[A-Za-z0-9]+$/,
  /^\/media\//,
];

export const isRuntimeCached = (pathname: string) => RUNTIME_PATHS.some((pattern) => pattern.test(pathname));
