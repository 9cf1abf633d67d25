/**
 * The GIF id of an /embed/{id} or /gifs/{slug-id} path: the last dash-separated word of its second
 * segment. A module of its own so the embed, which needs only this, does not load the site's grammar.
 */
export function gifIdFromPath(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment?.split('-').pop() || undefined;
}
