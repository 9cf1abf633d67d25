import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { TextStickers } from '../media/text-stickers.ts';
import { requireApiKey } from './auth.ts';
import { categoryRoutes, emojiRoutes } from './browse.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { ctaRoutes } from './cta.ts';
import { discoveryRoutes } from './discovery.ts';
import { feedRoutes } from './feeds.ts';
import { gifsByIdRoutes } from './gifs.ts';
import { textRoutes } from './text.ts';
import { videoRoutes } from './videos.ts';
import { collectorRoutes, type CollectorOptions } from '../collector/routes.ts';

export const CORS_OPTIONS = {
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-GIPHY-SDK-Name', 'X-GIPHY-SDK-Version', 'X-GIPHY-SDK-Platform', 'X-Requested-With'],
  maxAge: 86_400,
};

/**
 * The GIPHY-compatible public API: /v1 for everything, /v2 for the emoji calls and the collector
 * (pingbacks and analytics events).
 * Specific routes are mounted before the `{type}/…` and `gifs/{id}` patterns they would otherwise match.
 */
export function publicApi(deps: ApiDeps, text: TextStickers, collector: CollectorOptions = {}) {
  const v1 = new Hono<ApiEnv>();
  v1.route('/', categoryRoutes(deps));
  v1.route('/', discoveryRoutes(deps));
  v1.route('/', videoRoutes(deps));
  v1.route('/', textRoutes(deps, text));
  v1.route('/', emojiRoutes(deps, 1));
  v1.route('/', ctaRoutes(deps));
  v1.route('/', feedRoutes(deps, text));
  v1.route('/', gifsByIdRoutes(deps));

  const v2 = new Hono<ApiEnv>();
  v2.route('/', collectorRoutes(deps.db, collector));
  v2.route('/', emojiRoutes(deps, 2));

  const api = new Hono<ApiEnv>();
  api.use('/v1/*', cors(CORS_OPTIONS), requireApiKey(deps.db));
  api.use('/v2/*', cors(CORS_OPTIONS), requireApiKey(deps.db));
  api.route('/v1', v1);
  api.route('/v2', v2);
  return api;
}
