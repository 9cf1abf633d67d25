import { PAGE_TYPE_PATHS } from '@loopbox/sdk';
import {
  CATEGORY_SLUG_PATTERN,
  CHANNEL_SLUG_PATTERN,
  DEVELOPER_REVIEW_PAGE,
  API_DOCS_PAGE,
  APPLY_PAGE,
  DEVELOPERS_PAGE,
  FAVORITES_PAGE,
  GIF_ID_PATTERN,
  JOIN_PAGE,
  LOGIN_PAGE,
  MAX_SITE_PAGE,
  NEXT_PARAM,
  OUTBOX_PAGE,
  PASSWORD_PAGE,
  STORY_SLUG_PATTERN,
  RESERVED_FIRST_SEGMENTS,
  SETTINGS_PAGE,
  SITE_REDIRECTS,
  USERNAME_PATTERN,
  VERIFY_EMAIL_PAGE,
} from './route-constants.ts';
import { gifIdFromPath } from './gif-id.ts';
import { CREATE_STEPS, type CreateStep } from './gif-maker.ts';

/** The result tabs of a search (`clips`: videos with sound). */
export type SearchType = 'gifs' | 'stickers' | 'clips';
/**
 * The dashboard's sections under /dashboard: My GIFs at /dashboard itself, the rest at
 * /dashboard/{section}. Other dashboard work (channels, developers) adds its section here.
 */
export const DASHBOARD_SECTIONS = ['gifs', 'analytics', 'stories', 'schedule', 'moderation', 'notices'] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
/** The statuses of the error pages: /404, /403 and /maintenance, and a GIF's own address when it is hidden by the moderators (410) or taken down (451). */
export type ErrorStatus = 404 | 403 | 410 | 451 | 503;

/** Every page of the site, as its path says it (the one grammar the server and the web app share). */
export type SiteRoute =
  | { page: 'home' }
  | { page: 'search'; term: string; type: SearchType; pageNumber: number }
  | { page: 'trending-gifs' }
  | { page: 'stickers' }
  /** Clips (issue 31): trending and latest videos with sound. */
  | { page: 'clips' }
  | { page: 'categories' }
  | { page: 'category'; category: string }
  | { page: 'subcategory'; category: string; subcategory: string }
  | { page: 'explore'; term: string }
  /** A GIF's page at `/gifs/{slug}`, or a sticker's at GIPHY's `/stickers/{slug}` (`section: 'stickers'`). */
  | { page: 'gif'; gifId: string; slug: string; section?: 'stickers' }
  /** A one-segment path a user may hold; a channel with that slug answers when no public user does. */
  | { page: 'profile'; username: string }
  /** Creators (issue 16): the artists directory, the upload page and the dashboard's sections. */
  | { page: 'artists' }
  | { page: 'upload' }
  /** The GIF maker (issue 18): a step, and on the decorate step a sticker search (SPEC 2.3's `/create/gifmaker/decorate/stickers/{term}`). */
  | { page: 'create'; step: CreateStep; stickerTerm?: string }
  | { page: 'dashboard'; section: DashboardSection }
  /** A channel's page (`/{slug}`, `/channels/{slug}`) at its feed's page `pageNumber` (`/channels/{slug}/page/{n}`). */
  | { page: 'channel'; slug: string; pageNumber: number }
  /** A search inside a channel: `/channel/{slug}/search/{term}[/page/{n}]`. */
  | { page: 'channel-search'; slug: string; term: string; pageNumber: number }
  /** The channel editor of the dashboard. */
  | { page: 'channel-editor' }
  /** Developer apps and keys, and staff's review of production requests (issue 21). */
  | { page: 'developers' }
  | { page: 'developer-review' }
  /** The API reference (issue 21). */
  | { page: 'api-docs' }
  /** Stories (issue 18): trending and latest at `/stories`, one story at `/stories/{slug}`. */
  | { page: 'stories' }
  | { page: 'story'; slug: string }
  /** Issue 31's pages: about this instance, apps and the API, the verified studios, and the bare /search. */
  | { page: 'about' }
  | { page: 'apps' }
  | { page: 'studios' }
  | { page: 'search-home' }
  /** A bare segment that is another page's address (SITE_REDIRECTS): the server answers 301, the app replaces the address. */
  | { page: 'redirect'; to: string }
  /** Moderation figures by month (issue 31). */
  | { page: 'transparency' }
  | { page: AccountPage }
  | { page: 'error'; status: ErrorStatus }
  /** Any other path: the 404 page. */
  | { page: 'not-found' };

export type SitePage = SiteRoute['page'];

/** Pages about the visitor's own account (and the staff outbox, and applying for a verified channel): each at one fixed path, never indexed. */
export type AccountPage = 'join' | 'verify-email' | 'login' | 'password' | 'settings' | 'favorites' | 'outbox' | 'apply';
export const ACCOUNT_PAGE_PATHS: Record<AccountPage, string> = {
  join: JOIN_PAGE,
  'verify-email': VERIFY_EMAIL_PAGE,
  login: LOGIN_PAGE,
  password: PASSWORD_PAGE,
  settings: SETTINGS_PAGE,
  favorites: FAVORITES_PAGE,
  outbox: OUTBOX_PAGE,
  apply: APPLY_PAGE,
};
const ACCOUNT_PAGES = new Map(Object.entries(ACCOUNT_PAGE_PATHS).map(([page, path]) => [path, page as AccountPage]));
export const isAccountRoute = (route: SiteRoute): route is { page: AccountPage } => route.page in ACCOUNT_PAGE_PATHS;

const ERROR_PATHS: Record<string, ErrorStatus> = { '404': 404, '403': 403, maintenance: 503 };
const NOT_A_PROFILE = new Set<string>([
  ...[...PAGE_TYPE_PATHS, ...Object.values(ACCOUNT_PAGE_PATHS)].map((p) => p.split('/')[1]!).filter(Boolean),
  ...RESERVED_FIRST_SEGMENTS,
]);
const NOT_FOUND: SiteRoute = { page: 'not-found' };

/**
 * A search term as one path segment: words joined by `-` (SPEC 2.3's search paths), each word
 * percent-encoded with its own dashes as `%2D` so `@foodie-fran pizza` comes back intact, and `@`
 * left readable.
 */
export function termSegment(term: string): string {
  return term
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => encodeURIComponent(word).replace(/-/g, '%2D').replace(/%40/g, '@'))
    .join('-');
}

/** The term a path segment names, or undefined when it is empty or badly encoded. */
export function termFromSegment(segment: string): string | undefined {
  try {
    const term = segment.split('-').map(decodeURIComponent).join(' ').trim().replace(/\s+/g, ' ');
    return term || undefined;
  } catch {
    return undefined;
  }
}

/** A page number segment: 1 to MAX_SITE_PAGE without leading zeros. */
function pageNumber(segment: string | undefined): number | undefined {
  if (segment === undefined || !/^[1-9][0-9]{0,3}$/.test(segment)) return undefined;
  const n = Number(segment);
  return n <= MAX_SITE_PAGE ? n : undefined;
}

/** `/search/{term}[/stickers|/clips][/page/{n}]` past its first segment. */
function searchRoute(rest: string[]): SiteRoute {
  if (rest.length === 0) return { page: 'search-home' };
  const term = rest[0] === undefined ? undefined : termFromSegment(rest[0]);
  if (!term) return NOT_FOUND;
  let tail = rest.slice(1);
  let type: SearchType = 'gifs';
  if (tail[0] === 'stickers' || tail[0] === 'clips') {
    type = tail[0];
    tail = tail.slice(1);
  }
  if (tail.length === 0) return { page: 'search', term, type, pageNumber: 1 };
  const n = tail.length === 2 && tail[0] === 'page' ? pageNumber(tail[1]) : undefined;
  return n === undefined ? NOT_FOUND : { page: 'search', term, type, pageNumber: n };
}

/** `/channels/{slug}[/page/{n}]` past its first segment. */
function channelRoute(rest: string[]): SiteRoute {
  const [slug, ...tail] = rest;
  if (!slug || !CHANNEL_SLUG_PATTERN.test(slug)) return NOT_FOUND;
  if (tail.length === 0) return { page: 'channel', slug, pageNumber: 1 };
  const n = tail.length === 2 && tail[0] === 'page' ? pageNumber(tail[1]) : undefined;
  return n === undefined ? NOT_FOUND : { page: 'channel', slug, pageNumber: n };
}

/** `/channel/{slug}/search/{term}[/page/{n}]` past its first segment. */
function channelSearchRoute(rest: string[]): SiteRoute {
  const [slug, search, termSegment, ...tail] = rest;
  const term = termSegment === undefined ? undefined : termFromSegment(termSegment);
  if (!slug || !CHANNEL_SLUG_PATTERN.test(slug) || search !== 'search' || !term) return NOT_FOUND;
  if (tail.length === 0) return { page: 'channel-search', slug, term, pageNumber: 1 };
  const n = tail.length === 2 && tail[0] === 'page' ? pageNumber(tail[1]) : undefined;
  return n === undefined ? NOT_FOUND : { page: 'channel-search', slug, term, pageNumber: n };
}

function categoryRoute(rest: string[]): SiteRoute {
  if (!rest.every((slug) => CATEGORY_SLUG_PATTERN.test(slug))) return NOT_FOUND;
  const [category, subcategory] = rest;
  if (rest.length === 0) return { page: 'categories' };
  if (rest.length === 1) return { page: 'category', category: category! };
  if (rest.length === 2) return { page: 'subcategory', category: category!, subcategory: subcategory! };
  return NOT_FOUND;
}

/**
 * The page a path shows. One trailing slash is allowed; query and hash are ignored. A path that
 * names no page (or an impossible one: a bad page number, a malformed term or id) is `not-found`.
 */
export function parseSitePath(path: string): SiteRoute {
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (pathname === '/' || pathname === '') return { page: 'home' };
  if (!pathname.startsWith('/') || pathname.includes('//')) return NOT_FOUND;
  const segments = pathname.slice(1).replace(/\/$/, '').split('/');
  const account = ACCOUNT_PAGES.get(`/${segments.join('/')}`);
  if (account) return { page: account };
  const [first, ...rest] = segments;
  if (!first || segments.some((s) => s === '')) return NOT_FOUND;
  if (rest.length === 0 && first in SITE_REDIRECTS) return { page: 'redirect', to: SITE_REDIRECTS[first as keyof typeof SITE_REDIRECTS] };
  switch (first) {
    case 'search':
      return searchRoute(rest);
    case 'trending-gifs':
      return rest.length === 0 ? { page: 'trending-gifs' } : NOT_FOUND;
    case 'stickers':
      if (rest.length === 0) return { page: 'stickers' };
      return gifRoute(rest, pathname, 'stickers');
    case 'clips':
      return rest.length === 0 ? { page: 'clips' } : NOT_FOUND;
    case 'categories':
      return categoryRoute(rest);
    case 'explore': {
      const term = rest.length === 1 ? termFromSegment(rest[0]!) : undefined;
      return term ? { page: 'explore', term } : NOT_FOUND;
    }
    case 'channels':
      return channelRoute(rest);
    case 'channel':
      return channelSearchRoute(rest);
    case 'artists':
      return rest.length === 0 ? { page: 'artists' } : NOT_FOUND;
    case 'stories':
      if (rest.length === 0) return { page: 'stories' };
      return rest.length === 1 && STORY_SLUG_PATTERN.test(rest[0]!) ? { page: 'story', slug: rest[0]! } : NOT_FOUND;
    case 'upload':
      return rest.length === 0 ? { page: 'upload' } : NOT_FOUND;
    case 'docs':
      return rest.length === 1 && rest[0] === 'api' ? { page: 'api-docs' } : NOT_FOUND;
    case 'create':
      return createRoute(rest);
    case 'transparency':
      return rest.length === 0 ? { page: 'transparency' } : NOT_FOUND;
    case 'dashboard': {
      if (rest.length === 0) return { page: 'dashboard', section: 'gifs' };
      if (rest.length === 1 && rest[0] === 'channels') return { page: 'channel-editor' };
      if (rest[0] === 'developers' && rest.length === 1) return { page: 'developers' };
      if (rest[0] === 'developers' && rest.length === 2 && rest[1] === 'review') return { page: 'developer-review' };
      const section = DASHBOARD_SECTIONS.find((s) => s !== 'gifs' && s === rest[0]);
      return rest.length === 1 && section ? { page: 'dashboard', section } : NOT_FOUND;
    }
    case 'gifs':
      return gifRoute(rest, pathname);
    case 'about':
    case 'apps':
    case 'studios':
      return rest.length === 0 ? { page: first } : NOT_FOUND;
  }
  if (rest.length === 0 && first in ERROR_PATHS) return { page: 'error', status: ERROR_PATHS[first]! };
  if (rest.length === 0 && !NOT_A_PROFILE.has(first.toLowerCase())) {
    // A name both a user and a channel could hold is the user's first (the server and the profile page fall back to the channel).
    if (USERNAME_PATTERN.test(first)) return { page: 'profile', username: first };
    if (CHANNEL_SLUG_PATTERN.test(first)) return { page: 'channel', slug: first, pageNumber: 1 };
  }
  return NOT_FOUND;
}

/** `/gifs/{slug}` or `/stickers/{slug}` past its first segment: the slug ends with the GIF's id. */
function gifRoute(rest: string[], pathname: string, section?: 'stickers'): SiteRoute {
  const slug = rest.length === 1 && /^[A-Za-z0-9_-]+$/.test(rest[0]!) ? rest[0]! : undefined;
  const gifId = slug && gifIdFromPath(pathname);
  if (!slug || !gifId || !GIF_ID_PATTERN.test(gifId)) return NOT_FOUND;
  return section ? { page: 'gif', gifId, slug, section } : { page: 'gif', gifId, slug };
}

/** `/create`, `/create/gifmaker/{step}` and `/create/gifmaker/decorate/stickers/{term}`. */
function createRoute(rest: string[]): SiteRoute {
  if (rest.length === 0) return { page: 'create', step: 'source' };
  const [maker, step, stickers, term, ...more] = rest;
  const known = CREATE_STEPS.find((s) => s !== 'source' && s === step);
  if (maker !== 'gifmaker' || !known || more.length > 0) return NOT_FOUND;
  if (stickers === undefined) return { page: 'create', step: known };
  const stickerTerm = known === 'decorate' && stickers === 'stickers' && term !== undefined ? termFromSegment(term) : undefined;
  return stickerTerm ? { page: 'create', step: 'decorate', stickerTerm } : NOT_FOUND;
}

/** The GIF maker's address at a step (and, decorating, a sticker search). */
export function createPath(step: CreateStep, stickerTerm?: string): string {
  if (step === 'source') return '/create';
  return `/create/gifmaker/${step}${step === 'decorate' && stickerTerm ? `/stickers/${termSegment(stickerTerm)}` : ''}`;
}

/** The path of a search: `/search/{term}`, `/search/{term}/stickers` or `/clips`, then `/page/{n}` past the first page. */
export function searchPath(term: string, { type = 'gifs', page = 1 }: { type?: SearchType; page?: number } = {}): string {
  return `/search/${termSegment(term)}${type === 'gifs' ? '' : `/${type}`}${page > 1 ? `/page/${page}` : ''}`;
}

/**
 * A channel's address: `/{slug}` for its first page, unless the slug is one of the site's own paths or
 * a public user's name (`shadowed`: the profile answers there), then `/channels/{slug}`; later
 * pages of its feed are `/channels/{slug}/page/{n}` (SPEC 2.3).
 */
export function channelPath(slug: string, { page = 1, shadowed = false }: { page?: number; shadowed?: boolean } = {}): string {
  if (page > 1) return `/channels/${slug}/page/${page}`;
  return shadowed || NOT_A_PROFILE.has(slug) ? `/channels/${slug}` : `/${slug}`;
}

/** A search inside a channel: `/channel/{slug}/search/{term}`, then `/page/{n}` past the first page. */
export const channelSearchPath = (slug: string, term: string, page = 1) =>
  `/channel/${slug}/search/${termSegment(term)}${page > 1 ? `/page/${page}` : ''}`;

export const channelEditorPath = () => '/dashboard/channels';

/** A story's page. */
export const storyPath = (slug: string) => `/stories/${slug}`;

export const explorePath = (term: string) => `/explore/${termSegment(term)}`;
export const profilePath = (username: string) => `/${username}`;
export const categoryPath = (category: string, subcategory?: string) => `/categories/${category}${subcategory ? `/${subcategory}` : ''}`;
/** A GIF's page: its slug when it has one (it ends with the id), else its id. */
export const gifPath = (gif: { id: string; slug?: string | undefined }) => `/gifs/${gif.slug || gif.id}`;

/** The path of a page, canonical form (no trailing slash, page 1 without `/page/1`). */
export function sitePath(route: SiteRoute): string {
  if (isAccountRoute(route)) return ACCOUNT_PAGE_PATHS[route.page];
  switch (route.page) {
    case 'home':
      return '/';
    case 'search':
      return searchPath(route.term, { type: route.type, page: route.pageNumber });
    case 'trending-gifs':
    case 'stickers':
    case 'clips':
    case 'categories':
      return `/${route.page}`;
    case 'category':
      return categoryPath(route.category);
    case 'subcategory':
      return categoryPath(route.category, route.subcategory);
    case 'explore':
      return explorePath(route.term);
    case 'gif':
      return `/${route.section ?? 'gifs'}/${route.slug}`;
    case 'profile':
      return profilePath(route.username);
    case 'artists':
    case 'upload':
    case 'stories':
    case 'transparency':
    case 'about':
    case 'apps':
    case 'studios':
      return `/${route.page}`;
    case 'search-home':
      return '/search';
    case 'redirect':
      return route.to;
    case 'story':
      return storyPath(route.slug);
    case 'create':
      return createPath(route.step, route.stickerTerm);
    case 'dashboard':
      return route.section === 'gifs' ? '/dashboard' : `/dashboard/${route.section}`;
    case 'channel':
      return channelPath(route.slug, { page: route.pageNumber });
    case 'channel-search':
      return channelSearchPath(route.slug, route.term, route.pageNumber);
    case 'channel-editor':
      return channelEditorPath();
    case 'developers':
      return DEVELOPERS_PAGE;
    case 'developer-review':
      return DEVELOPER_REVIEW_PAGE;
    case 'api-docs':
      return API_DOCS_PAGE;
    case 'error':
      return route.status === 503 ? '/maintenance' : `/${route.status}`;
    case 'not-found':
      return '/404';
  }
}

/**
 * The login page, returning to `next` once signed in (the dashboard guard sends visitors here, and so
 * does anything that needs a signed-in visitor).
 */
export function loginPath(next?: string): string {
  return next ? `${LOGIN_PAGE}?${NEXT_PARAM}=${encodeURIComponent(next)}` : LOGIN_PAGE;
}

/**
 * Where a `next` parameter may send the visitor: a path on this site (one leading `/`, no scheme,
 * host or backslash), else the home page. Anything else would make the login page an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path holding control characters is refused
  if (!next?.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f]/.test(next)) return '/';
  return next;
}
