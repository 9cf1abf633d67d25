import { Hono, type MiddlewareHandler } from 'hono';
import { corsOnAnswer } from '@loopbox/edge';
import { collectorRoutes, type CollectorOptions } from '../collector/routes.ts';
import { GIPHY_SDK_PINGBACK_KEY } from '../collector/constants.ts';
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
import { clipRoutes } from './clips.ts';
import { isKeylessSimplePingback, keylessSimplePingback, simplePingbackRoutes } from './pingback-simple.ts';
import { randomIdRoutes } from './random-id.ts';
import { translateRoutes } from './translate.ts';
import { answerTrimming } from './trim.ts';
import { uploadApiRoutes } from '../uploads/api-route.ts';

export const CORS_OPTIONS = {
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'X-GIPHY-SDK-Name', 'X-GIPHY-SDK-Version', 'X-GIPHY-SDK-Platform', 'X-Requested-With'],
  maxAge: 86_400,
};

export interface PublicApiOptions {
  collector?: Omit<CollectorOptions, 'payloads'>;
  /** Whether the collector counts pingbacks sent with the key built into GIPHY's analytics package (default yes). */
  acceptGiphySdkKey?: boolean;
}

const COLLECTOR_PATHS = /^\/v2\/(?:pingback|pingback_simple|analytics)\/?$/;

/**
 * The GIPHY-compatible public API: /v1 for everything, /v2 for the emoji calls and the collector
 * (pingbacks and analytics events). Specific routes are mounted before the `{type}/…` and
 * `gifs/{id}` patterns they would otherwise match. Every answer's payloads are signed, so the signer
 * is made ready before any route runs.
 */
export function publicApi(deps: ApiDeps, text: TextStickers, options: PublicApiOptions = {}) {
  const v1 = new Hono<ApiEnv>();
  v1.route('/', categoryRoutes(deps));
  v1.route('/', discoveryRoutes(deps));
  v1.route('/', videoRoutes(deps));
  v1.route('/', randomIdRoutes(deps));
  v1.route('/', translateRoutes(deps));
  v1.route('/', clipRoutes(deps));
  v1.route('/', textRoutes(deps, text));
  v1.route('/', emojiRoutes(deps, 1));
  v1.route('/', ctaRoutes(deps));
  v1.route('/', feedRoutes(deps, text));
  if (deps.uploads) v1.route('/', uploadApiRoutes(deps.uploads));
  v1.route('/', gifsByIdRoutes(deps));

  const v2 = new Hono<ApiEnv>();
  const collector = collectorRoutes(deps.db, { ...options.collector, payloads: deps.payloads });
  v2.route('/', collector);
  v2.route('/', simplePingbackRoutes(collector));
  v2.route('/', emojiRoutes(deps, 2));

  const apiKey = requireApiKey(deps.keys, { api: 'giphy' });
  const collectorKey = requireApiKey(deps.keys, {
    api: 'giphy',
    alsoAccepted: new Set(options.acceptGiphySdkKey === false ? [] : [GIPHY_SDK_PINGBACK_KEY]),
  });
  const keylessPingback = keylessSimplePingback(options.acceptGiphySdkKey === false ? null : GIPHY_SDK_PINGBACK_KEY);
  const keyFor: MiddlewareHandler<ApiEnv> = (c, next) => {
    if (keylessPingback && isKeylessSimplePingback(c.req.path, (name) => c.req.query(name))) return keylessPingback(c, next);
    return (COLLECTOR_PATHS.test(c.req.path) ? collectorKey : apiKey)(c, next);
  };
  const signerReady: MiddlewareHandler<ApiEnv> = async (_c, next) => {
    await deps.payloads.ready();
    await next();
  };

  const api = new Hono<ApiEnv>();
  api.use('/v1/*', corsOnAnswer(CORS_OPTIONS), apiKey, signerReady, answerTrimming());
  api.use('/v2/*', corsOnAnswer(CORS_OPTIONS), keyFor, signerReady);
  api.route('/v1', v1);
  api.route('/v2', v2);
  return api;
}
