import {
  categoryPath,
  CHANNEL_SLUG_PATTERN,
  channelPath,
  HOME_SEARCHES_SHOWN,
  MAX_SEARCH_TERM_LENGTH,
  SEARCH_API_TYPE,
  SEARCH_KINDS,
  SEARCH_TYPES,
  searchPath,
  searchTabCounts,
  SITE_PAGE_SIZE,
  type SiteRoute,
} from '@loopbox/pages';
import { normalizeGif, type ICategory, type IGif, type LoopboxFetch } from '@loopbox/sdk';

/** A link of the first screen: its address and words. */
export interface FirstScreenLink {
  href: string;
  text: string;
}

/** The home page's rows above its grid. */
export interface HomeRows {
  searches: FirstScreenLink[];
  stickers: IGif[];
  categories: { href: string; name: string; gif?: IGif }[];
}

/** What a site page's first screen shows, as the page's own script will show it. */
export interface FirstScreenView {
  heading: string;
  /** Under the heading: the page's term pills, tabs or subcategories. */
  links: FirstScreenLink[];
  /** The page's one GIF (the GIF page). */
  gif?: IGif;
  /** The grid's first page, and the grid's title when the page has one. */
  gifs: IGif[];
  gridTitle?: string;
  previous?: FirstScreenLink;
  next?: FirstScreenLink;
  /** The search box's words (a search's page). */
  searchTerm?: string;
  /** The home page: its heading is for screen readers, its rows come before the grid. */
  home?: HomeRows;
}

const page = (offset: number) => ({ offset, limit: SITE_PAGE_SIZE });

async function homeView(client: LoopboxFetch): Promise<FirstScreenView> {
  const [searches, categories, stickers, gifs] = await Promise.all([
    client.trendingSearches(),
    client.categories(),
    client.trending({ type: 'stickers', ...page(0) }),
    client.trending(page(0)),
  ]);
  return {
    heading: 'Loopbox: trending GIFs and stickers',
    links: [],
    gifs: gifs.data,
    gridTitle: 'Trending GIFs',
    next: { href: '/trending-gifs', text: 'More trending GIFs' },
    home: {
      searches: searches.data.slice(0, HOME_SEARCHES_SHOWN).map((term) => ({ href: searchPath(term), text: term })),
      stickers: stickers.data,
      categories: categories.data.map((c) => ({ href: categoryPath(c.name_encoded), name: c.name, ...(c.gif ? { gif: c.gif } : {}) })),
    },
  };
}

async function searchView(client: LoopboxFetch, route: Extract<SiteRoute, { page: 'search' }>): Promise<FirstScreenView> {
  const query = route.term.slice(0, MAX_SEARCH_TERM_LENGTH);
  const base = (route.pageNumber - 1) * SITE_PAGE_SIZE;
  // The page of results and the tabs' counts as the page asks for them, at once.
  const [results] = await Promise.all([
    client.search(query, { type: SEARCH_API_TYPE[route.type], ...page(base) }),
    searchTabCounts(client, query),
  ]);
  const kind = SEARCH_KINDS[route.type];
  const at = (n: number) => searchPath(route.term, { type: route.type, page: n });
  return {
    heading: `${route.term} ${kind}`,
    searchTerm: route.term,
    links: SEARCH_TYPES.map((t) => ({ href: searchPath(route.term, { type: t }), text: SEARCH_KINDS[t] })),
    gifs: results.data,
    ...(route.pageNumber > 1 ? { previous: { href: at(route.pageNumber - 1), text: 'Previous page' } } : {}),
    ...(results.pagination.total_count > base + results.data.length && results.data.length > 0
      ? { next: { href: at(route.pageNumber + 1), text: 'Next page' } }
      : {}),
  };
}

async function gifView(client: LoopboxFetch, gifId: string): Promise<FirstScreenView> {
  // The GIF and its related GIFs at once; a clip's related clips only once it is known to be one.
  const [{ data: gif }, relatedGifs] = await Promise.all([client.gif(gifId), client.related(gifId, page(0))]);
  const clip = gif.type === 'video';
  const related = clip ? await client.related(gif.id, { ...page(0), type: 'videos' }) : relatedGifs;
  return {
    heading: gif.title || gif.alt_text || '',
    links: [
      ...(gif.username ? [{ href: `/${gif.username}`, text: `@${gif.username}` }] : []),
      ...gif.tags.map((tag) => ({ href: searchPath(tag), text: `#${tag}` })),
    ],
    gif,
    gifs: related.data,
    gridTitle: `Related ${gif.is_sticker ? 'stickers' : clip ? 'clips' : 'GIFs'}`,
  };
}

async function categoryView(client: LoopboxFetch, category: string, subcategory: string | undefined): Promise<FirstScreenView | undefined> {
  const [all, subcategories] = await Promise.all([client.categories(), client.subcategories(category).catch(() => undefined)]);
  const parent = all.data.find((c: ICategory) => c.name_encoded === category);
  if (!parent || !subcategories) return undefined;
  const subs = subcategories.data;
  const sub = subcategory === undefined ? undefined : subs.find((s) => s.name_encoded === subcategory);
  if (subcategory !== undefined && !sub) return undefined;
  if (sub) {
    const gifs = await client.gifs(parent.name_encoded, sub.name_encoded, page(0));
    return { heading: `${sub.name} GIFs`, links: [{ href: categoryPath(parent.name_encoded), text: parent.name }], gifs: gifs.data };
  }
  // A category's page: its subcategories, each with a row of GIFs (the first one's shown here).
  const first = subs[0];
  const gifs = first ? await client.gifs(parent.name_encoded, first.name_encoded, page(0)) : undefined;
  return {
    heading: parent.name,
    links: subs.map((s) => ({ href: categoryPath(parent.name_encoded, s.name_encoded), text: s.name })),
    gifs: gifs?.data ?? [],
    ...(first
      ? {
          gridTitle: `${first.name} GIFs`,
          next: { href: categoryPath(parent.name_encoded, first.name_encoded), text: `All ${first.name} GIFs` },
        }
      : {}),
  };
}

/** GETs a site backend path (JSON) as the page's script would, or undefined when it is not there. */
export type GetJson = (path: string) => Promise<unknown>;

interface ChannelAnswer {
  data: { id: number; slug: string; display_name: string; description?: string };
}
interface FeedAnswer {
  data: Parameters<typeof normalizeGif>[0][];
  pagination: { total_count: number };
}

/** A channel's page from page `n` of its feed (a public profile's name first: /{name} is theirs). */
async function channelView(getJson: GetJson, slug: string, pageNumber: number): Promise<FirstScreenView | undefined> {
  const found = (await getJson(`/api/v4/channels?slug=${encodeURIComponent(slug)}`)) as ChannelAnswer | undefined;
  if (!found) return undefined;
  const channel = found.data;
  const base = (pageNumber - 1) * SITE_PAGE_SIZE;
  const feed = (await getJson(`/api/v4/channels/${channel.id}/feed/?offset=${base}&limit=${SITE_PAGE_SIZE}`)) as FeedAnswer | undefined;
  const gifs = (feed?.data ?? []).map((gif) => normalizeGif(gif));
  return {
    heading: channel.display_name,
    links: [],
    gifs,
    ...(pageNumber > 1
      ? { previous: { href: channelPath(channel.slug, { page: pageNumber - 1, shadowed: true }), text: 'Previous page' } }
      : {}),
    ...(feed && feed.pagination.total_count > base + gifs.length && gifs.length > 0
      ? { next: { href: channelPath(channel.slug, { page: pageNumber + 1 }), text: 'Next page' } }
      : {}),
  };
}

async function profileView(client: LoopboxFetch, getJson: GetJson, username: string): Promise<FirstScreenView | undefined> {
  const found = (await getJson(`/api/v1/profiles/${encodeURIComponent(username)}/`)) as
    | { data: { username: string; display_name?: string } }
    | undefined;
  if (!found) return CHANNEL_SLUG_PATTERN.test(username) ? channelView(getJson, username, 1) : undefined;
  const profile = found.data;
  // The profile's GIFs as its page asks for them (a search inside the user's uploads).
  const [gifs] = await Promise.all([
    client.search('', { channel: profile.username, ...page(0) }),
    // Its rows of stickers and clips, asked as the page asks, so they arrive with it.
    client.search('', { channel: profile.username, type: 'stickers', ...page(0) }),
    client.search('', { channel: profile.username, type: 'videos', ...page(0) }),
  ]);
  return { heading: profile.display_name || profile.username, links: [], gifs: gifs.data, gridTitle: `GIFs by @${profile.username}` };
}

/** The site pages with a first screen (firstScreenView) the server writes into their HTML. */
const SERVED_PAGES = [
  'home',
  'search',
  'gif',
  'category',
  'subcategory',
  'profile',
  'channel',
] as const satisfies readonly SiteRoute['page'][];
export type ServedPage = (typeof SERVED_PAGES)[number];

export const hasFirstScreen = (route: SiteRoute): route is Extract<SiteRoute, { page: ServedPage }> =>
  (SERVED_PAGES as readonly string[]).includes(route.page);

/**
 * The first screen of a site page, asked of the public API through `client` exactly as the page's
 * script asks (same calls, same parameters); undefined for a page without one.
 */
export async function firstScreenView(route: SiteRoute, client: LoopboxFetch, getJson: GetJson): Promise<FirstScreenView | undefined> {
  switch (route.page) {
    case 'home':
      return homeView(client);
    case 'search':
      return searchView(client, route);
    case 'gif':
      return gifView(client, route.gifId);
    case 'category':
      return categoryView(client, route.category, undefined);
    case 'subcategory':
      return categoryView(client, route.category, route.subcategory);
    case 'profile':
      return profileView(client, getJson, route.username);
    case 'channel':
      return channelView(getJson, route.slug, route.pageNumber);
    default:
      return undefined;
  }
}
