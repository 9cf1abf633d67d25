/** Anything that answers a request (a Hono app). */
export interface Handler {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/**
 * One handler for several apps in one process: a request whose path starts with one of the prefixes
 * goes to that app, whole (its path unchanged, as when the app runs alone behind the edge); anything
 * else goes to `fallback`.
 */
export function byPathPrefix(fallback: Handler, apps: Readonly<Record<string, Handler>>): (request: Request, env?: unknown) => Response | Promise<Response> {
  const routes = Object.entries(apps);
  return (request, env) => {
    const { pathname } = new URL(request.url);
    const found = routes.find(([prefix]) => pathname.startsWith(prefix));
    return (found?.[1] ?? fallback).fetch(request, env);
  };
}
