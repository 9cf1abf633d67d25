import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { oembedDiscoveryTag, requestOrigin } from './oembed-link.ts';

/** What every page learns from the server: read by the SDK and widgets as `window.LOOPBOX_CONFIG`. */
export interface PageConfig {
  apiKey: string;
  apiBase: string;
  pingbackUrl: string;
  /** The analytics-event collector (embed events, page views, error reports). */
  analyticsUrl: string;
}

/** The built web app (`npm run build`, or `npm start`'s prestart). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The page config for this server's own routes: the public API at /v1/, both collectors under /v2/. */
export function ownPageConfig(webKey: string): PageConfig {
  return { apiKey: webKey, apiBase: '/v1/', pingbackUrl: '/v2/pingback', analyticsUrl: '/v2/analytics' };
}

const CONFIG_PLACEHOLDER = '<!--loopbox-config-->';
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};
const GIF_PAGE = 'gif.html';
/** Page routes and the built HTML entry each one renders. */
const PAGES: [RegExp, string][] = [
  [/^\/$/, 'index.html'],
  [/^\/widgets\/?$/, 'widgets.html'],
  [/^\/embed\/[A-Za-z0-9]+\/?$/, 'embed.html'],
  [/^\/gifs\/[A-Za-z0-9_-]+\/?$/, GIF_PAGE],
  [/^\/dashboard\/analytics\/?$/, 'analytics.html'],
  [/^\/labs\/pipeline\/?$/, 'pipeline.html'],
];
/** Revalidated on every load so a new build's service worker is found at once. */
const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Serves the built web app (apps/web/dist): hashed assets with a year-long cache, and HTML pages with
 * the page config injected in place of `<!--loopbox-config-->` (a GIF page also gets its oEmbed
 * discovery link there, so consumers that read only the HTML find it). Pages not built yet are
 * simply absent.
 */
export function webRoutes(distDir: string, config: () => PageConfig) {
  const root = path.resolve(distDir);
  const app = new Hono();
  const script = () => `<script>window.LOOPBOX_CONFIG=${JSON.stringify(config()).replace(/</g, '\\u003c')}</script>`;

  app.get('*', async (c, next) => {
    const page = PAGES.find(([pattern]) => pattern.test(c.req.path))?.[1];
    if (page) {
      const file = path.join(root, page);
      if (!fs.existsSync(file)) return next();
      const head = page === GIF_PAGE ? script() + oembedDiscoveryTag(requestOrigin(c), c.req.path) : script();
      const html = (await fs.promises.readFile(file, 'utf8')).replace(CONFIG_PLACEHOLDER, () => head);
      return c.html(html, 200, { 'Cache-Control': 'no-cache' });
    }
    const relative = c.req.path.replace(/^\/+/, '');
    if (!/^[A-Za-z0-9_.\/-]+$/.test(relative) || relative.split('/').some((p) => p.startsWith('.')) || relative.endsWith('.html')) return next();
    const file = path.join(root, relative);
    const type = TYPES[path.extname(file)];
    if (!type || !fs.existsSync(file) || !fs.statSync(file).isFile()) return next();
    const immutable = relative.startsWith('assets/');
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : relative === SERVICE_WORKER_FILE ? 'no-cache' : 'public, max-age=300';
    return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
      headers: { 'Content-Type': type, 'Cache-Control': cacheControl },
    });
  });
  return app;
}
