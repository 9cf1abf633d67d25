import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { PUBLIC_CORS, SITE_CORS } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

/**
 * CORS by route: the public API, collector and media answer any origin without credentials; the site's
 * own services answer only the configured site origins, with credentials; assets are same-origin.
 * Preflights are answered here and never reach an upstream.
 */
export function corsByRoute(siteOrigins: readonly string[]): MiddlewareHandler<EdgeEnv> {
  const publicCors = cors(PUBLIC_CORS);
  const siteCors = siteOrigins.length > 0 ? cors({ ...SITE_CORS, origin: [...siteOrigins] }) : undefined;
  return (c, next) => {
    const policy = c.get('route').cors;
    const handler = policy === 'public' ? publicCors : policy === 'site' ? siteCors : undefined;
    return handler ? handler(c, next) : next();
  };
}
