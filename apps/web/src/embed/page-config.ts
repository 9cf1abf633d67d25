/** The GIF id of an /embed/{id} or /gifs/{slug-id} path: the last dash-separated word. */
export function gifIdFromPath(pathname: string): string | undefined {
  const segment = pathname.split('/').filter(Boolean)[1];
  return segment?.split('-').pop() || undefined;
}

/** Mobile by user-agent pattern (SPEC 5). */
export function isMobileUserAgent(userAgent: string, pattern: RegExp): boolean {
  return pattern.test(userAgent);
}
