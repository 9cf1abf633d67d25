import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { PUBLIC_CORS, SITE_CORS } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

type CorsOptions = NonNullable<Parameters<typeof cors>[0]>;

/**
 * Hono's cors, run once the answer exists: it answers preflights itself, and on any other request
 * it puts its headers on the answer after the handler made it. Run before the handler (as
 * `cors()` is), it touches `c.res` first, and Hono then copies every answer into a new Response,
 * turning a text body into a stream (the copy cost a warm search a tenth of its time).
 */
export function corsOnAnswer(options: CorsOptions): MiddlewareHandler {
  const policy = cors(options);
  const nothingMore = async () => {};
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return policy(c, next);
    await next();
    await policy(c, nothingMore);
  };
}

/**
 * CORS by route: the public API, collector and media answer any origin without credentials; the site's
 * own services answer only the configured site origins, with credentials; assets are same-origin.
 * Preflights are answered here and never reach an upstream.
 */
export function corsByRoute(siteOrigins: readonly string[]): MiddlewareHandler<EdgeEnv> {
  const publicCors = corsOnAnswer(PUBLIC_CORS);
  const siteCors = siteOrigins.length > 0 ? corsOnAnswer({ ...SITE_CORS, origin: [...siteOrigins] }) : undefined;
  return (c, next) => {
    const policy = c.get('route').cors;
    const handler = policy === 'public' ? publicCors : policy === 'site' ? siteCors : undefined;
    return handler ? handler(c, next) : next();
  };
}
