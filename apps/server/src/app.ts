import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { createTextStickers } from './media/text-stickers.ts';
import { mediaRoutes } from './media/serve.ts';
import { publicApi } from './public-api/index.ts';
import { errorBody, handleErrors } from './public-api/envelope.ts';
import type { Database } from './store/schema.ts';
import type { Analytics } from './analytics/index.ts';
import { backendRoutes } from './backend/index.ts';
import { publicProfileRoutes } from './backend/public-profile.ts';
import { webRoutes, type PageConfig } from './web/assets.ts';
import { oembedRoutes } from './web/oembed.ts';

export interface AppOptions {
  db: Kysely<Database>;
  mediaDir: string;
  publicUrl?: string | undefined;
  /** The built web app and the config its pages get; without them only the APIs and media are served. */
  web?: { distDir: string; config: () => PageConfig };
  log?: (line: string) => void;
  /** Logs searches and keeps the projections the backend reads; main.ts starts and stops it. */
  analytics?: Analytics;
  /** Called after the collector commits new events (main.ts wakes the projection runner with it). */
  onLogCommitted?: () => void;
}

/** The whole server as one Hono app: health, media, the public API, the backend and the web app's pages. */
export function createApp(options: AppOptions) {
  const deps = { db: options.db, mediaDir: options.mediaDir, publicUrl: options.publicUrl, searchLog: options.analytics?.searchLog };
  const app = new Hono();
  // A route that touches nothing: the baseline every benchmark compares against.
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.route('/', mediaRoutes(options.mediaDir));
  app.route('/', publicApi(deps, createTextStickers(options.mediaDir), options.onLogCommitted ? { onCommitted: options.onLogCommitted } : {}));
  app.route('/', backendRoutes(options.db));
  app.route('/', publicProfileRoutes(deps));
  app.route('/', oembedRoutes(deps));
  if (options.web) app.route('/', webRoutes(deps, options.web.distDir, options.web.config));

  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(handleErrors(options.log));
  return app;
}
