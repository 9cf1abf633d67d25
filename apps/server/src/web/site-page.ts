import {
  accountHead,
  categoryHead,
  CHANNEL_SLUG_PATTERN,
  channelEditorHead,
  developerReviewHead,
  apiDocsHead,
  developersHead,
  channelHead,
  channelPath,
  channelSearchHead,
  channelSearchPath,
  errorHead,
  exploreHead,
  gifHead,
  gifPath,
  homeHead,
  isAccountRoute,
  listingHead,
  profileHead,
  profilePath,
  searchHead,
  sitePageHead,
  sitePath,
  storyHead,
  storyPath,
  type SiteRoute,
} from '@loopbox/pages';
import { sql, type Kysely } from 'kysely';
import { categoryName } from '../content/browse.ts';
import { selectGifs, type GifRow } from '../content/gif-row.ts';
import { accessTo, ANONYMOUS_VIEWER, mayOpen, openScope, type ViewerContext } from '../content-policy/access.ts';
import { gifStateOf, type GifState } from '../content-policy/states.ts';
import { STATE_NOTICES } from '../content-policy/table.ts';
import { findPublicProfile } from '../content/profiles.ts';
import { findChannelBySlug } from '../channels/store.ts';
import type { Database } from '../store/schema.ts';
import type { HeadTags } from './head-tags.ts';
import { oembedHref } from './oembed-link.ts';
import { channelOpen } from '../content-policy/channels.ts';

export type SitePageStatus = 200 | 403 | 404 | 410 | 451 | 503;

/** What the server says of a site path before any script runs: its status and its head. */
export interface ResolvedSitePage {
  status: SitePageStatus;
  head: HeadTags;
  /**
   * A GIF this viewer may see but anyone else may not see as they do (their own private GIF, one
   * held for review…): the page gets it inline with the notice that says why, and is never cached.
   */
  privateGif?: { row: GifRow; state: GifState; notice: string };
  /** The GIF a GIF page shows anyone: its media are preloaded in the page's head. */
  gif?: GifRow;
}

/** An error page's verdict: its status and a head no search engine indexes. */
export const errorPage = (status: Exclude<SitePageStatus, 200>): ResolvedSitePage => ({
  status,
  head: { ...errorHead(status), ogType: 'website', noindex: true },
});
const notFound = () => errorPage(404);

/** A GIF's row as every GIF read selects it (content/gif-row.ts), or undefined when there is none. */
export type GifRowReader = (id: string) => Promise<GifRow | undefined>;

async function gifPage(
  gifRow: GifRowReader,
  gifId: string,
  origin: string,
  viewerOf: () => Promise<ViewerContext>,
): Promise<ResolvedSitePage> {
  const gif = await gifRow(gifId);
  const viewer = gif ? await viewerOf() : undefined;
  const access = gif && viewer ? accessTo(gif, viewer) : 404;
  if (!gif || !mayOpen(access)) return errorPage(mayOpen(access) ? 404 : access);
  const isSticker = gif.type === 'sticker' || gif.type === 'emoji' || gif.type === 'text';
  const head = gifHead({ title: gif.title, alt_text: gif.alt_text, tags: gif.tags, is_sticker: isSticker });
  const anyone = accessTo(gif, ANONYMOUS_VIEWER);
  const state = gifStateOf(gif);
  // Seen by privilege: nothing for a search engine or an unfurler, whose fetch would be refused.
  // A new account's GIF in review is open to all, and its owner is told it waits (uploads/trust.ts).
  if (!mayOpen(anyone) || (state === 'in_review' && gif.user_id !== null && viewer?.userId === gif.user_id)) {
    return {
      status: 200,
      head: { ...head, ogType: 'website', noindex: true },
      privateGif: { row: gif, state, notice: STATE_NOTICES[state] ?? '' },
    };
  }
  const media = (file: string) => `${origin}/media/${gif.id}/${file}`;
  const original = gif.images.original;
  const canonicalUrl = `${origin}${gifPath(gif)}`;
  const size = original ? { width: original.width, height: original.height } : {};
  return {
    status: 200,
    gif,
    head: {
      ...head,
      canonicalUrl,
      // An unlisted GIF is for those who have its link, not for search engines.
      ...(anyone === 'listed' ? {} : { noindex: true }),
      ogType: original?.mp4 ? 'video.other' : 'website',
      image: original?.gif ? { url: media(original.gif.file), ...size, alt: gif.alt_text || gif.title } : undefined,
      video: original?.mp4 ? { url: media(original.mp4.file), ...size } : undefined,
      player: original ? { url: `${origin}/embed/${gif.id}`, ...size } : undefined,
      oembedHref: oembedHref(origin, canonicalUrl),
    },
  };
}

/** A visible, public channel's page (a feed page past the first, or a search inside it); 404 for any other. */
async function channelPage(
  db: Kysely<Database>,
  slug: string,
  origin: string,
  view: { page?: number; term?: string } = {},
): Promise<ResolvedSitePage> {
  const channel = await findChannelBySlug(db, slug);
  if (!channel || !channelOpen(channel)) return notFound();
  const shadowed = Boolean(await findPublicProfile(db, channel.slug));
  const head = view.term === undefined ? channelHead(channel, view.page) : channelSearchHead(channel, view.term, view.page);
  const path =
    view.term === undefined
      ? channelPath(channel.slug, { page: view.page ?? 1, shadowed })
      : channelSearchPath(channel.slug, view.term, view.page);
  return {
    status: 200,
    head: {
      ...head,
      canonicalUrl: `${origin}${path}`,
      ogType: 'website',
      image: channel.banner ? { url: `${origin}/media/${channel.banner}`, alt: '' } : undefined,
    },
  };
}

/** A published story's page; a draft or an unknown slug is a 404 (its author previews drafts in the dashboard). */
async function storyPage(db: Kysely<Database>, slug: string, origin: string): Promise<ResolvedSitePage> {
  const { rows } = await sql<{ title: string; description: string; username: string; cover: string | null }>`
    SELECT s.title, s.description, u.username, coalesce(s.cover_gif_id, (SELECT gif_id FROM story_gifs WHERE story_id = s.id ORDER BY position LIMIT 1)) AS cover
    FROM stories s JOIN users u ON u.id = s.user_id WHERE s.slug = ${slug} AND s.is_published`.execute(db);
  const story = rows[0];
  if (!story) return notFound();
  const cover = story.cover
    ? await selectGifs(db).where('g.id', '=', story.cover).where(openScope(ANONYMOUS_VIEWER)).executeTakeFirst()
    : undefined;
  const still = cover?.images.original?.gif;
  return {
    status: 200,
    head: {
      ...storyHead(story),
      canonicalUrl: `${origin}${storyPath(slug)}`,
      ogType: 'website',
      image: cover && still ? { url: `${origin}/media/${cover.id}/${still.file}`, alt: cover.alt_text || cover.title } : undefined,
    },
  };
}

/** `/{name}`: a public user's profile first; failing that, a channel with that slug (README, Channels: the precedence). */
async function profilePage(db: Kysely<Database>, username: string, origin: string): Promise<ResolvedSitePage> {
  const profile = await findPublicProfile(db, username);
  if (!profile) return CHANNEL_SLUG_PATTERN.test(username) ? channelPage(db, username, origin) : notFound();
  return {
    status: 200,
    head: {
      ...profileHead(profile),
      canonicalUrl: `${origin}${profilePath(profile.username)}`,
      ogType: 'profile',
      image: profile.avatar ? { url: `${origin}/media/${profile.avatar}`, alt: '' } : undefined,
    },
  };
}

/**
 * The status and head of a site page. Pages that show one thing (a GIF, a profile, a category) look
 * it up and are a 404 when it does not exist (a hidden user's profile included); listings and
 * searches always exist.
 */
export async function resolveSitePage(
  db: Kysely<Database>,
  route: SiteRoute,
  origin: string,
  viewer: () => Promise<ViewerContext>,
  gifRow: GifRowReader,
): Promise<ResolvedSitePage> {
  const page = (head: ReturnType<typeof homeHead>): ResolvedSitePage => ({
    status: 200,
    head: { ...head, canonicalUrl: `${origin}${sitePath(route)}`, ogType: 'website' },
  });
  // About the visitor's own account: nothing for a search engine or an unfurler.
  if (isAccountRoute(route)) return { status: 200, head: { ...accountHead(route.page), ogType: 'website', noindex: true } };
  switch (route.page) {
    case 'home':
      return page(homeHead());
    case 'search':
      return page(searchHead(route.term, route.type, route.pageNumber));
    case 'trending-gifs':
    case 'stickers':
    case 'clips':
    case 'categories':
      return page(listingHead(route.page));
    case 'category': {
      const name = await categoryName(db, route.category, null);
      return name ? page(categoryHead(name)) : notFound();
    }
    case 'subcategory': {
      const [parent, name] = await Promise.all([
        categoryName(db, route.category, null),
        categoryName(db, route.subcategory, route.category),
      ]);
      return parent && name ? page(categoryHead(name, parent)) : notFound();
    }
    case 'explore':
      return page(exploreHead(route.term));
    case 'gif':
      return gifPage(gifRow, route.gifId, origin, viewer);
    case 'profile':
      return profilePage(db, route.username, origin);
    case 'artists':
    case 'upload':
    case 'create':
    case 'transparency':
      return page(listingHead(route.page));
    case 'dashboard': {
      const dashboard = page(listingHead(`dashboard-${route.section}`));
      return { ...dashboard, head: { ...dashboard.head, noindex: true } };
    }
    case 'channel':
      return channelPage(db, route.slug, origin, { page: route.pageNumber });
    case 'channel-search':
      return channelPage(db, route.slug, origin, { page: route.pageNumber, term: route.term });
    case 'channel-editor':
      return page(channelEditorHead());
    case 'developers':
    case 'developer-review': {
      const developers = page(route.page === 'developers' ? developersHead() : developerReviewHead());
      return { ...developers, head: { ...developers.head, noindex: true } };
    }
    case 'api-docs':
      return page(apiDocsHead());
    case 'stories':
      return page(listingHead('stories'));
    case 'story':
      return storyPage(db, route.slug, origin);
    case 'about':
    case 'apps':
    case 'studios':
    case 'search-home':
      return page(sitePageHead(route.page));
    // The server answers these with a redirect before asking for a page (web/assets.ts); the app replaces its address.
    case 'redirect':
      return notFound();
    case 'error':
      return { status: route.status, head: { ...errorHead(route.status), ogType: 'website', noindex: true } };
    case 'not-found':
      return notFound();
  }
}
