import type { Logger } from './debug.ts';
import {
  CHANNEL_PAGE_TYPE,
  DEFAULT_FEED_PAGE_LIMIT,
  HOME_PAGE_TYPE,
  INVALID_URL_MESSAGE,
  PAGE_TYPE_PATHS,
  STICKER_SEARCH_PATH,
  UNPARSEABLE_PAGE_URL_WARNING,
} from './page-analytics-constants.ts';

type PageTypeOfPath<P> = P extends '/' ? typeof HOME_PAGE_TYPE : P extends `/${infer Rest}` ? Rest : never;
/** `home`, `channel`, or a known path without its leading slash (`gifs`, `edit/gifs`, …). */
export type PageType = PageTypeOfPath<(typeof PAGE_TYPE_PATHS)[number]> | typeof CHANNEL_PAGE_TYPE;

const PAGE_TYPE_BY_PREFIX: ReadonlyMap<string, PageType> = new Map(
  PAGE_TYPE_PATHS.map((p) => [p.slice(1), (p === '/' ? HOME_PAGE_TYPE : p.slice(1)) as PageType]),
);

/** Every page type a path can map to. */
export const PAGE_TYPES: readonly PageType[] = [...PAGE_TYPE_BY_PREFIX.values(), CHANNEL_PAGE_TYPE];

export function isPageType(value: string): value is PageType {
  return (PAGE_TYPES as readonly string[]).includes(value);
}

/**
 * The page type of a path (SPEC 2.3): `/` is `home`; a known first segment names its type, with the
 * two-segment `/edit/gifs` tried first; anything else is a `channel` page. Query and hash are ignored.
 */
export function pageTypeOf(path: string): PageType {
  const segments = path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  if (segments.length === 0) return HOME_PAGE_TYPE;
  return PAGE_TYPE_BY_PREFIX.get(segments.slice(0, 2).join('/')) ?? PAGE_TYPE_BY_PREFIX.get(segments[0]!) ?? CHANNEL_PAGE_TYPE;
}

/** The paged views SPEC 2.3 gives virtual page paths. */
export type VirtualPage =
  | { kind: 'related'; gifId: string; page: number }
  | { kind: 'search'; term: string; page: number }
  | { kind: 'channel-feed'; slug: string; offset: number; limit?: number }
  | { kind: 'channel-search'; slug: string; term: string; page?: number }
  | { kind: 'sticker-search'; term: string; page?: number };

function wholeNumber(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be a whole number of at least ${min}, got ${value}`);
  return value;
}

function segment(name: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new RangeError(`${name} must not be empty`);
  return encodeURIComponent(trimmed);
}

/** Search terms read like the site's search URLs: whitespace runs become `-`. */
const termSegment = (term: string) => segment('term', term.trim().replace(/\s+/g, '-'));
const pageSuffix = (page: number | undefined) => (page === undefined ? '' : `/page/${wholeNumber('page', page, 1)}`);

/** The virtual page path of a paged view (SPEC 2.3). Throws a RangeError for an empty name or a bad number. */
export function virtualPagePath(view: VirtualPage): string {
  switch (view.kind) {
    case 'related':
      return `/gifs/${segment('gifId', view.gifId)}/related${pageSuffix(view.page)}`;
    case 'search':
      return `/search/${termSegment(view.term)}${pageSuffix(view.page)}`;
    case 'channel-feed': {
      const limit = wholeNumber('limit', view.limit ?? DEFAULT_FEED_PAGE_LIMIT, 1);
      const page = Math.floor(wholeNumber('offset', view.offset, 0) / limit) + 1;
      return `/channels/${segment('slug', view.slug)}${pageSuffix(page)}`;
    }
    case 'channel-search':
      return `/channel/${segment('slug', view.slug)}/search/${termSegment(view.term)}${pageSuffix(view.page)}`;
    case 'sticker-search':
      return `${STICKER_SEARCH_PATH}/${termSegment(view.term)}${pageSuffix(view.page)}`;
  }
}

/** Parses a page URL (relative ones against `base`); an invalid URL throws a TypeError 'Invalid URL' (SPEC 8). */
export function parsePageUrl(url: string | URL, base?: string | URL): URL {
  try {
    return new URL(url, base);
  } catch {
    throw new TypeError(INVALID_URL_MESSAGE);
  }
}

/** What a page view reports: the collector's `page_path` and `virtual_page_path`, and the page type. */
export interface PageView {
  page_path: string;
  page_type: PageType;
  virtual_page_path?: string;
}

export interface PageViewOptions {
  /** Resolves relative URLs (e.g. `location.href`). */
  base?: string | URL;
  /** The paged view shown, when the page is one (SPEC 2.3). */
  virtualPage?: VirtualPage;
  /** Where the unparseable-URL warning goes; console by default. */
  logger?: Pick<Logger, 'warn'>;
}

/**
 * The page view of a URL. Analytics must never break a page, so an unparseable URL logs a warning
 * and gives `undefined` (SPEC 8) instead of throwing like parsePageUrl.
 */
export function pageViewOf(url: string | URL, options: PageViewOptions = {}): PageView | undefined {
  let parsed: URL;
  try {
    parsed = parsePageUrl(url, options.base);
  } catch {
    (options.logger ?? console).warn(`${UNPARSEABLE_PAGE_URL_WARNING}: ${String(url)}`);
    return undefined;
  }
  const view: PageView = { page_path: parsed.pathname, page_type: pageTypeOf(parsed.pathname) };
  if (options.virtualPage) view.virtual_page_path = virtualPagePath(options.virtualPage);
  return view;
}
