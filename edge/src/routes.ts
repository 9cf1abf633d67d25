import { ASSETS_TTL_S, MEDIA_TTL_S, PUBLIC_API_TTL_S } from './constants.ts';

/** The services behind the edge, each reached through its own configurable upstream. */
export const SERVICES = ['publicApi', 'collector', 'backend', 'stories', 'scheduler', 'imaging', 'media', 'assets'] as const;
export type Service = (typeof SERVICES)[number];

/** Which service a path belongs to, and the edge's policy for it. */
export interface Route {
  service: Service;
  /** `/x/*` matches /x and everything below it; `/x*` every path starting with /x; anything else itself only. */
  paths: readonly string[];
  /** Longest the edge keeps an answer to a GET; 0: never cached. */
  ttlSeconds: number;
  /** Cached only when the upstream's Cache-Control gives a max-age; otherwise the route's lifetime applies. */
  needsMaxAge: boolean;
  /** `public`: any origin, no credentials; `site`: the configured site origins, with credentials; `none`: same origin only. */
  cors: 'public' | 'site' | 'none';
  /** Cookie-authenticated changes must carry the CSRF token. */
  csrf: boolean;
  /** Calls without an API key get the web or mobile key. */
  apiKey: boolean;
  /** The query parameter callers name their key in, when not GIPHY's (API_KEY_PARAMS). */
  keyParam?: string;
  /**
   * What of the query makes a cache key: the parameters CACHE_KEY_PARAMS lists for the path; for a
   * path it does not list, `listed` means not cached, `ignored` a key of the path alone.
   */
  keyQuery: 'listed' | 'ignored';
  /** The per-address budget its requests count against: the API's, media's own, or none (pages and assets). */
  addressLimit: 'api' | 'media' | 'none';
}

const siteService = {
  ttlSeconds: 0,
  needsMaxAge: false,
  cors: 'site',
  csrf: true,
  apiKey: false,
  keyQuery: 'listed',
  addressLimit: 'api',
} as const;

/** First match wins: the collector's paths sit inside /v2. Anything unmatched is a web app asset. */
export const ROUTES: readonly Route[] = [
  {
    service: 'collector',
    paths: ['/v2/pingback*', '/v2/analytics*'],
    ttlSeconds: 0,
    needsMaxAge: false,
    cors: 'public',
    csrf: false,
    apiKey: false,
    keyQuery: 'listed',
    addressLimit: 'api',
  },
  {
    service: 'publicApi',
    paths: ['/v1/*', '/v2/*'],
    ttlSeconds: PUBLIC_API_TTL_S,
    needsMaxAge: false,
    cors: 'public',
    csrf: false,
    apiKey: true,
    keyQuery: 'listed',
    addressLimit: 'api',
  },
  // The Tenor-compatible API: its callers always send their own `key`.
  {
    service: 'publicApi',
    paths: ['/tenor/v2/*'],
    ttlSeconds: PUBLIC_API_TTL_S,
    needsMaxAge: false,
    cors: 'public',
    csrf: false,
    apiKey: false,
    keyParam: 'key',
    keyQuery: 'listed',
    addressLimit: 'api',
  },
  // The stories API sits inside /api: the site's pages own /stories and /stories/{slug}.
  { service: 'stories', paths: ['/api/v1/stories/*'], ...siteService },
  { service: 'backend', paths: ['/api/*', '/ajax/*', '/login/check'], ...siteService },
  { service: 'scheduler', paths: ['/schedule*', '/activity'], ...siteService },
  { service: 'imaging', paths: ['/imaging/*'], ...siteService },
  // The standalone widget bundles are imported as ES modules by other sites' pages: any origin.
  {
    service: 'assets',
    paths: ['/lib/widgets/*'],
    ttlSeconds: ASSETS_TTL_S,
    needsMaxAge: true,
    cors: 'public',
    csrf: false,
    apiKey: false,
    keyQuery: 'ignored',
    addressLimit: 'none',
  },
  // The media door answers a file by its path alone: a query string never makes another copy.
  {
    service: 'media',
    paths: ['/media/*'],
    ttlSeconds: MEDIA_TTL_S,
    needsMaxAge: false,
    cors: 'public',
    csrf: false,
    apiKey: false,
    keyQuery: 'ignored',
    addressLimit: 'media',
  },
];
// The assets kept (files, the API reference) are answered by path; the pages that read a query are no-cache, oEmbed's listed.
export const ASSETS_ROUTE: Route = {
  service: 'assets',
  paths: ['/*'],
  ttlSeconds: ASSETS_TTL_S,
  needsMaxAge: true,
  cors: 'none',
  csrf: false,
  apiKey: false,
  keyQuery: 'ignored',
  addressLimit: 'none',
};

function matches(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return path === base || path.startsWith(`${base}/`);
  }
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === pattern;
}

export function routeFor(path: string): Route {
  return ROUTES.find((route) => route.paths.some((pattern) => matches(pattern, path))) ?? ASSETS_ROUTE;
}
