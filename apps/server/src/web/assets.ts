import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  FIRST_DATA_ELEMENT_ID,
  GIF_ID_PATTERN,
  gifIdFromPath,
  MAX_SEARCH_TERM_LENGTH,
  parseSitePath,
  SEARCH_QUERY_PARAM,
  searchPath,
  type SiteRoute,
} from '@loopbox/pages';
import { Hono, type Context } from 'hono';
import type { ApiDeps } from '../public-api/context.ts';
import { linksOf, originOf } from '../http/origin.ts';
import { selectGifs, type GifRow } from '../content/gif-row.ts';
import { createUnchangedMemo } from '../content/unchanged-memo.ts';
import { accessTo, ANONYMOUS_VIEWER, mayOpen, viewerOf } from '../content-policy/access.ts';
import type { AuthEnv } from '../auth/context.ts';
import { presentGif } from '../public-api/present.ts';
import { presenter } from '../public-api/respond.ts';
import { embedNotFoundHtml } from './embed-not-found.ts';
import { embedPageRenderer } from './embed-page.ts';
import { gifPagePreload, renderFirstScreen, type ApiFetch } from './first-screen/first-screen.ts';
import { createKeptScreens, type ServedScreen, type StoreChanges } from './first-screen/kept-screens.ts';
import { GIF_PAGE_ROWS_KEPT } from './first-screen/constants.ts';
import { hasFirstScreen } from './first-screen/first-screen-view.ts';
import { appLoaderScript } from './first-screen/app-loader.ts';
import { pageChunkFiles } from './first-screen/page-chunks.ts';
import { renderHeadTags } from './head-tags.ts';
import { scriptJson } from './script-json.ts';
import type { SiteInfo } from './site-info.ts';
import { errorPage, resolveSitePage, type ResolvedSitePage } from './site-page.ts';

/** What every page learns from the server: read by the SDK and widgets as `window.LOOPBOX_CONFIG`. */
export interface PageConfig {
  apiKey: string;
  apiBase: string;
  pingbackUrl: string;
  /** The analytics-event collector (embed events, page views, error reports). */
  analyticsUrl: string;
  /** What this instance says of itself (/about); absent, the defaults. */
  site?: SiteInfo;
}

/** The built web app (`npm run build`, or `npm start`'s prestart). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** The page config for this server's own routes: the public API at /v1/, both collectors under /v2/. */
export function ownPageConfig(webKey: string, site?: SiteInfo): PageConfig {
  return { apiKey: webKey, apiBase: '/v1/', pingbackUrl: '/v2/pingback', analyticsUrl: '/v2/analytics', ...(site ? { site } : {}) };
}

const CONFIG_PLACEHOLDER = '<!--loopbox-config-->';
const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_PLACEHOLDER = '<!--loopbox-head-->';
/** The app's entry script and its modulepreloads, as Vite writes them. */
const APP_SCRIPT_TAGS = /<script type="module" crossorigin src="([^"]*)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]*)">/g;
/** An inline script of the built page (the embed's deferred loader). */
const INLINE_SCRIPT = /<script>/g;
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
  '.ico': 'image/x-icon',
  '.map': 'application/json',
};
/** The site: one app for every other browser path (apps/web/site.html). */
const SITE_PAGE = 'site.html';
const EMBED_PAGE = 'embed.html';
/** The light entries, each its own small page beside the site. */
const ENTRY_PAGES: [RegExp, string][] = [
  [/^\/widgets\/?$/, 'widgets.html'],
  [/^\/labs\/pipeline\/?$/, 'pipeline.html'],
];
const EMBED_PATH = /^\/embed\/[A-Za-z0-9]+\/?$/;
/**
 * Paths of the APIs and services: never a page, so an unknown one keeps its JSON 404 (the edge
 * sends /login/check, /schedule*, /activity and /imaging to their services, and the stories API
 * lives under /api; /stories and /login are the site's pages).
 */
const SERVICE_PATH = /^\/(v1|v2|api|ajax|media|login\/check|schedule[^/]*|activity|imaging|oembed|healthz)(\/|$)/;
/** Revalidated on every load so a new build's service worker is found at once. */
const SERVICE_WORKER_FILE = 'sw.js';
const HTML_HEADERS = { 'Cache-Control': 'no-cache' };
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The favicon, app icons and web manifest (apps/web/icons): fixed names browsers ask for, so a day's cache, not a year's. */
const SITE_ICON_FILES = new Set([
  'favicon.ico',
  'static/favicon.svg',
  'static/apple-touch-icon.png',
  'static/icon-192.png',
  'static/icon-512.png',
  'static/site.webmanifest',
]);
const SITE_ICON_CACHE = 'public, max-age=86400';
const PRIVATE_HTML_HEADERS = { 'Cache-Control': 'private, no-store' };

/** The built pages, read again only when a build replaces them. */
function builtPages(root: string) {
  const read = new Map<string, { builtAt: number; html: string }>();
  return async (page: string): Promise<string | undefined> => {
    const file = path.join(root, page);
    const builtAt = (await fs.promises.stat(file).catch(() => undefined))?.mtimeMs;
    if (builtAt === undefined) return undefined;
    const kept = read.get(page);
    if (kept?.builtAt === builtAt) return kept.html;
    const html = await fs.promises.readFile(file, 'utf8');
    read.set(page, { builtAt, html });
    return html;
  };
}

/** A built file under dist (hashed assets, the service worker, public files), or undefined. */
function staticFile(root: string, pathname: string): Response | undefined {
  const relative = pathname.replace(/^\/+/, '');
  if (!/^[A-Za-z0-9_./-]+$/.test(relative) || relative.split('/').some((p) => p.startsWith('.')) || relative.endsWith('.html'))
    return undefined;
  const file = path.join(root, relative);
  const type = TYPES[path.extname(file)];
  if (!type || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
  const immutable = relative.startsWith('assets/');
  const cacheControl = immutable
    ? IMMUTABLE_CACHE
    : relative === SERVICE_WORKER_FILE
      ? 'no-cache'
      : SITE_ICON_FILES.has(relative)
        ? SITE_ICON_CACHE
        : 'public, max-age=300';
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: { 'Content-Type': type, 'Cache-Control': cacheControl },
  });
}

/**
 * Serves the built web app (apps/web/dist): hashed assets with a year-long cache; the light entries
 * (embed, widget demo, analytics, pipeline lab) with the page config injected in place of
 * `<!--loopbox-config-->`; and, for every other browser path, the site with its server-rendered
 * head (title, description, canonical URL, Open Graph, Twitter card, oEmbed link) and the status the
 * path deserves: 404 for an unknown path, GIF or profile. API and service paths are left to their
 * JSON 404. Pages not built yet are simply absent.
 */
export interface WebPages {
  routes: Hono<AuthEnv>;
  /** The site's 403 page for a signed-in visitor a page is not for, or undefined before the site is built. */
  refused(c: Context<AuthEnv>): Promise<Response | undefined>;
}

/**
 * `apiFetch` answers the public API in this process (the app itself): the site's first screens are
 * asked of it as the page's script would ask (web/first-screen), and anonymous ones are kept while
 * the store's `changes` stand (first-screen/kept-screens.ts).
 */
export function webPages(
  deps: ApiDeps,
  distDir: string,
  config: () => PageConfig,
  apiFetch?: (request: Request, env: unknown) => Promise<Response>,
  changes: StoreChanges = {},
): WebPages {
  const root = path.resolve(distDir);
  const app = new Hono<AuthEnv>();
  // The build's inline scripts get this answer's CSP nonce (http/security-headers.ts), and so do the served screen's.
  const nonced = (c: Context<AuthEnv>, html: string) => {
    const nonce = c.get('secureHeadersNonce');
    return html.replace(INLINE_SCRIPT, nonce ? `<script nonce="${nonce}">` : '<script>');
  };
  // The config goes in after the nonces, so no value written in is taken for a script of the build.
  const withConfig = (c: Context<AuthEnv>, html: string, extra: Record<string, unknown> = {}) =>
    nonced(c, html).replace(CONFIG_PLACEHOLDER, () =>
      nonced(c, `<script>window.LOOPBOX_CONFIG=${scriptJson({ ...config(), ...extra })}</script>`),
    );
  /** The site's page with its config and head tags (and any preloads) written in. */
  const withHead = (c: Context<AuthEnv>, built: string, head: ResolvedSitePage['head'], extra: Record<string, unknown>, preloads = '') =>
    withConfig(c, built, extra).replace(HEAD_PLACEHOLDER, () => `${renderHeadTags(head)}${preloads}`);
  const readPage = builtPages(root);
  const renderEmbedPage = embedPageRenderer(root);
  const chunkFiles = pageChunkFiles(root);

  /** The visitor's request as the API would get it from the page's script: same cookies, same address. */
  const visitorApi =
    (c: Context<AuthEnv>, fetchApi: NonNullable<typeof apiFetch>): ApiFetch =>
    (request) => {
      const headers = new Headers(request.headers);
      for (const name of ['cookie', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto']) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      return fetchApi(new Request(request.url, { headers }), c.env);
    };

  const encoder = new TextEncoder();
  const keptScreens = createKeptScreens(changes);
  // A GIF page's verdict reads its GIF's row on the head's path: kept while nothing changes, as the media door keeps states.
  const gifRows = createUnchangedMemo<GifRow | null>(changes.contentChanges, GIF_PAGE_ROWS_KEPT);
  const gifRow = async (id: string) =>
    (await gifRows.read(id, async () => (await selectGifs(deps.db).where('g.id', '=', id).executeTakeFirst()) ?? null)) ?? undefined;
  function firstScreen(c: Context<AuthEnv>, route: SiteRoute): Promise<ServedScreen | undefined> {
    if (!apiFetch) return Promise.resolve(undefined);
    const apiBase = new URL(config().apiBase, new URL(c.req.url).origin).href;
    // Without cookies the API answers anyone alike; the links it writes follow the origin and the forwarded scheme.
    const visitor = c.req.header('cookie') ? undefined : `${apiBase} ${c.req.header('x-forwarded-proto') ?? ''}`;
    return keptScreens(route, visitor, async () => {
      const screen = await renderFirstScreen(route, { apiKey: config().apiKey, apiBase, fetchApi: visitorApi(c, apiFetch) });
      if (!screen) return undefined;
      const data = encoder.encode(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${scriptJson(screen.data)}</script>`);
      return { html: screen.html, preloads: screen.preloads, data };
    });
  }

  let split: { built: string; template: string; entries: string[]; preloads: string[] } | undefined;
  /** The built site page without the app's entry script and modulepreloads, and their files: worked out once per build. */
  const withoutAppScripts = (built: string) => {
    if (split?.built === built) return split;
    const entries: string[] = [];
    const preloads: string[] = [];
    const template = built.replace(APP_SCRIPT_TAGS, (_tag, entry: string | undefined, preload: string | undefined) => {
      if (entry) entries.push(entry);
      if (preload) preloads.push(preload);
      return '';
    });
    split = { built, template, entries, preloads };
    return split;
  };

  /**
   * A page with a served first screen, sent in three parts: its head as soon as the verdict is known
   * (the browser reads the stylesheet and sets up the page meanwhile, and fetches the media the
   * verdict already knows: a GIF page's GIF); the first screen once the API
   * has answered: its media preloaded, its markup in the root; then the screen's data and the app's
   * loader, made and compressed while the browser already fetches the screen's media. The app's code
   * starts once the screen's urgent media are in (first-screen/app-loader.ts).
   */
  const streamedPage = (
    c: Context<AuthEnv>,
    built: string,
    head: ResolvedSitePage['head'],
    route: SiteRoute,
    screen: () => Promise<ServedScreen | undefined>,
    headers: Record<string, string>,
    headPreloads: string,
  ) => {
    const { template, entries, preloads } = withoutAppScripts(built);
    const page = withHead(c, template, head, { pageStatus: 200 }, headPreloads);
    const at = page.indexOf(ROOT_ELEMENT);
    const loader = nonced(c, appLoaderScript(entries, [...preloads, ...chunkFiles(route)]));
    // Each part is made once the one before is on its way (its reader asks for more) and the socket has had
    // a turn to send it: on the embedded store the screen's work holds the thread until it is done.
    const socketTurn = () => new Promise((resolve) => setImmediate(resolve));
    let served: ServedScreen | undefined;
    const text = (html: string) => [encoder.encode(html)];
    const parts: (() => Promise<Uint8Array[]>)[] = [
      async () => text(page.slice(0, at)),
      async () => {
        await socketTurn();
        // No first screen (the API refused or failed): the page's script renders it instead.
        served = await screen().catch(() => undefined);
        return text(served ? `${headPreloads ? '' : served.preloads}<div id="root">${served.html}</div>` : ROOT_ELEMENT);
      },
      async () => {
        await socketTurn();
        // The data in a chunk of its own: a kept screen's bytes, the same for every visitor.
        const rest = encoder.encode(`${loader}${page.slice(at + ROOT_ELEMENT.length)}`);
        return served ? [served.data, rest] : [rest];
      },
    ];
    let sent = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          for (const chunk of await parts[sent++]!()) controller.enqueue(chunk);
          if (sent === parts.length) controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    // Written for the visitor's cookies, the screen is theirs alone.
    const caching = c.req.header('cookie') ? PRIVATE_HTML_HEADERS : headers;
    return c.body(body, 200, { ...caching, 'Content-Type': 'text/html; charset=UTF-8' });
  };

  async function embedPage(c: Context<AuthEnv>, pathname: string) {
    const html = await readPage(EMBED_PAGE);
    if (html === undefined) return undefined;
    const id = gifIdFromPath(pathname) ?? '';
    // The embed's visitor is anonymous (SPEC 6): it shows what anyone may open, whoever is signed in.
    const row = GIF_ID_PATTERN.test(id) ? await gifRow(id) : undefined;
    const access = row ? accessTo(row, ANONYMOUS_VIEWER) : 404;
    if (!row || !mayOpen(access))
      return c.html(embedNotFoundHtml(mayOpen(access) ? 404 : access), mayOpen(access) ? 404 : access, HTML_HEADERS);
    // The GIF as GET /v1/gifs/{id} presents it (the embed's lookup before it was rendered here).
    await deps.payloads.ready();
    const ctx = presenter(c, deps, 'GIF_BROWSE');
    const page = await renderEmbedPage(withConfig(c, html), {
      gif: presentGif(row, ctx),
      userAgent: c.req.header('user-agent') ?? '',
      search: new URL(c.req.url).search,
      homeUrl: ctx.origin,
    });
    return c.html(page, 200, HTML_HEADERS);
  }

  /** The site's page with the server's verdict (status and head) written in; undefined before the site is built. */
  async function sitePage(
    c: Context<AuthEnv>,
    verdict: () => Promise<ResolvedSitePage>,
    headers: Record<string, string> = HTML_HEADERS,
    route?: SiteRoute,
  ) {
    const built = await readPage(SITE_PAGE);
    if (built === undefined) return undefined;
    const { status, head, privateGif, gif } = await verdict();
    // A page the visitor may see as anyone does gets its first screen.
    if (route && apiFetch && hasFirstScreen(route) && status === 200 && !privateGif) {
      const headPreloads = gif ? gifPagePreload(gif, linksOf(c, deps)) : '';
      return streamedPage(c, built, head, route, () => firstScreen(c, route), headers, headPreloads);
    }
    // A GIF seen by privilege comes inline (the public API would refuse it), with why others cannot see it.
    if (privateGif) await deps.payloads.ready();
    const pageGif = privateGif && {
      gif: presentGif(privateGif.row, presenter(c, deps, 'GIF_BROWSE')),
      state: privateGif.state,
      notice: privateGif.notice,
    };
    const page = withHead(c, built, head, { pageStatus: status, ...(pageGif ? { pageGif } : {}) });
    return c.html(page, status, pageGif ? PRIVATE_HTML_HEADERS : headers);
  }

  const refused = (c: Context<AuthEnv>) => sitePage(c, async () => errorPage(403), PRIVATE_HTML_HEADERS);

  app.get('*', async (c, next) => {
    const pathname = c.req.path;
    if (SERVICE_PATH.test(pathname)) return next();
    const entry = ENTRY_PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
    if (entry) {
      const html = await readPage(entry);
      return html === undefined ? next() : c.html(withConfig(c, html), 200, HTML_HEADERS);
    }
    // The site parses the path as the browser sent it: Hono's c.req.path is already percent-decoded
    // once, which would turn a search for "100%" into a malformed path.
    const route = parseSitePath(new URL(c.req.url).pathname);
    if (route.page === 'redirect') return c.redirect(route.to, 301);
    // The served header's search box without scripts: /search?q=cat is the search for cat.
    const term = route.page === 'search-home' ? c.req.query(SEARCH_QUERY_PARAM)?.trim().slice(0, MAX_SEARCH_TERM_LENGTH) : undefined;
    if (term) return c.redirect(searchPath(term), 302);
    const response = EMBED_PATH.test(pathname)
      ? await embedPage(c, pathname)
      : (staticFile(root, pathname) ??
        (await sitePage(
          c,
          () => resolveSitePage(deps.db, route, originOf(c, deps), async () => viewerOf(await c.var.auth.principal()), gifRow),
          HTML_HEADERS,
          route,
        )));
    return response ?? next();
  });
  return { routes: app, refused };
}
