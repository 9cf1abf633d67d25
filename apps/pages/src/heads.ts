import { PROVIDER_NAME } from './constants.ts';
import { MAX_SEARCH_TERM_LENGTH } from './route-constants.ts';
import type { AccountPage, ErrorStatus, SearchType } from './routes.ts';

/**
 * Each page's title and description: the server writes them into the HTML it serves (with Open
 * Graph and Twitter copies), the web app sets the same title when it navigates.
 */
export interface PageHead {
  title: string;
  description: string;
}

const TAGLINE = `${PROVIDER_NAME} is how you search, share and discover animated GIFs and stickers.`;
const titled = (title: string) => `${title} - ${PROVIDER_NAME}`;
/** Cuts text to `max` characters, ending with an ellipsis when cut. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const TITLE_SUBJECT_MAX = 80;
const DESCRIPTION_MAX = 200;

export const homeHead = (): PageHead => ({ title: `${PROVIDER_NAME} - GIFs and stickers to share`, description: TAGLINE });

/** What a search tab lists, as its heading and title say it. */
export const SEARCH_KINDS: Record<SearchType, string> = { gifs: 'GIFs', stickers: 'Stickers', clips: 'Clips' };

export function searchHead(term: string, type: SearchType, pageNumber = 1): PageHead {
  const shown = cut(term, MAX_SEARCH_TERM_LENGTH);
  const kind = SEARCH_KINDS[type];
  const page = pageNumber > 1 ? ` - Page ${pageNumber}` : '';
  return {
    title: titled(`${shown} ${kind}${page}`),
    description: `Find and share the best ${shown} ${kind.toLowerCase()} on ${PROVIDER_NAME}.`,
  };
}

const LISTINGS = {
  'trending-gifs': { title: 'Trending GIFs', description: `The GIFs everyone is sharing right now on ${PROVIDER_NAME}.` },
  clips: { title: 'Clips', description: `GIFs with sound: the trending and latest clips on ${PROVIDER_NAME}.` },
  stickers: {
    title: 'Trending Stickers',
    description: `Transparent animated stickers to drop into any chat, trending now on ${PROVIDER_NAME}.`,
  },
  categories: { title: 'GIF Categories', description: `Browse ${PROVIDER_NAME} GIFs by category: reactions, animals, emotions and more.` },
  stories: { title: 'Stories', description: `Stories told in GIFs on ${PROVIDER_NAME}: what is trending and the latest.` },
  artists: { title: 'Artists', description: `The artists making GIFs and stickers on ${PROVIDER_NAME}; find one to hire.` },
  upload: { title: 'Upload', description: `Upload GIFs, stickers and clips to ${PROVIDER_NAME}.` },
  create: {
    title: 'GIF Maker',
    description: `Make a GIF from a video, a GIF or a link: trim it, add captions and stickers, and share it on ${PROVIDER_NAME}.`,
  },
  'dashboard-gifs': { title: 'My GIFs', description: `Your GIFs on ${PROVIDER_NAME}: edit, tag and share them.` },
  'dashboard-analytics': { title: 'Analytics', description: `How your GIFs do on ${PROVIDER_NAME}.` },
  'dashboard-stories': { title: 'Your stories', description: `Write stories told in GIFs on ${PROVIDER_NAME}.` },
  'dashboard-schedule': { title: 'Scheduled posts', description: `Schedule your GIFs to go public on ${PROVIDER_NAME}.` },
  transparency: {
    title: 'Transparency',
    description: `What moderation did on ${PROVIDER_NAME}, month by month: reports by reason, decisions, takedowns and the time to a decision.`,
  },
  'dashboard-moderation': {
    title: 'Moderation',
    description: `Review reported GIFs, take content down and manage accounts on ${PROVIDER_NAME}.`,
  },
  'dashboard-notices': { title: 'Notices', description: `What the ${PROVIDER_NAME} moderators and staff did to your GIFs, and why.` },
} as const;

export function listingHead(page: keyof typeof LISTINGS): PageHead {
  return { title: titled(LISTINGS[page].title), description: LISTINGS[page].description };
}

/** A category, or a subcategory with its parent's name. */
export function categoryHead(name: string, parentName?: string): PageHead {
  const full = parentName ? `${parentName}: ${name}` : name;
  return {
    title: titled(`${cut(full, TITLE_SUBJECT_MAX)} GIFs`),
    description: `Browse ${cut(full, TITLE_SUBJECT_MAX)} GIFs on ${PROVIDER_NAME}.`,
  };
}

export function exploreHead(term: string): PageHead {
  const shown = cut(term, MAX_SEARCH_TERM_LENGTH);
  return {
    title: titled(`Explore ${shown} GIFs`),
    description: `Explore ${shown} GIFs and the tags people use with them on ${PROVIDER_NAME}.`,
  };
}

export interface GifHeadSource {
  title?: string | undefined;
  alt_text?: string | undefined;
  tags: readonly string[];
  is_sticker: boolean;
  /** `video`: a clip (a video with sound). */
  type?: string | undefined;
}

/** What a GIF's page calls it: a Sticker, a Clip (type `video`, a video with sound) or a GIF. */
export const gifKind = (gif: { is_sticker: boolean; type?: string | undefined }) =>
  gif.is_sticker ? 'Sticker' : gif.type === 'video' ? 'Clip' : 'GIF';

export function gifHead(gif: GifHeadSource): PageHead {
  const kind = gifKind(gif);
  const name = cut(gif.title || gif.alt_text || kind, TITLE_SUBJECT_MAX);
  const tags = gif.tags.slice(0, 5).join(', ');
  const about = tags
    ? `Discover and share this ${tags} ${kind} with everyone you know.`
    : `Discover and share this ${kind} with everyone you know.`;
  return { title: titled(name), description: cut(`${about} ${TAGLINE}`, DESCRIPTION_MAX) };
}

export interface StoryHeadSource {
  title: string;
  description?: string | undefined;
  username?: string | undefined;
}

export function storyHead(story: StoryHeadSource): PageHead {
  const by = story.username ? ` by @${story.username.toLowerCase()}` : '';
  const about = story.description ? cut(story.description, DESCRIPTION_MAX) : `A story told in GIFs${by} on ${PROVIDER_NAME}.`;
  return { title: titled(`${cut(story.title, TITLE_SUBJECT_MAX)}${by}`), description: about };
}

export interface ProfileHeadSource {
  username: string;
  display_name?: string | undefined;
  description?: string | undefined;
}

export function profileHead(profile: ProfileHeadSource): PageHead {
  const handle = `@${profile.username.toLowerCase()}`;
  const name = profile.display_name ? `${cut(profile.display_name, TITLE_SUBJECT_MAX)} (${handle})` : handle;
  const bio = profile.description ? cut(profile.description, DESCRIPTION_MAX) : `GIFs and stickers by ${handle} on ${PROVIDER_NAME}.`;
  return { title: titled(`${name} GIFs and stickers`), description: bio };
}

export interface ChannelHeadSource {
  display_name: string;
  description?: string | undefined;
}

export function channelHead(channel: ChannelHeadSource, pageNumber = 1): PageHead {
  const name = cut(channel.display_name, TITLE_SUBJECT_MAX);
  const page = pageNumber > 1 ? ` - Page ${pageNumber}` : '';
  const about = channel.description ? cut(channel.description, DESCRIPTION_MAX) : `${name} GIFs, curated on ${PROVIDER_NAME}.`;
  return { title: titled(`${name} GIFs${page}`), description: about };
}

export function channelSearchHead(channel: ChannelHeadSource, term: string, pageNumber = 1): PageHead {
  const shown = cut(term, MAX_SEARCH_TERM_LENGTH);
  const name = cut(channel.display_name, TITLE_SUBJECT_MAX);
  const page = pageNumber > 1 ? ` - Page ${pageNumber}` : '';
  return { title: titled(`${shown} GIFs in ${name}${page}`), description: `${shown} GIFs from the ${name} channel on ${PROVIDER_NAME}.` };
}

export const developersHead = (): PageHead => ({
  title: titled('Developers'),
  description: `Apps and API keys for building on ${PROVIDER_NAME}, with their usage.`,
});
export const apiDocsHead = (): PageHead => ({
  title: titled('API reference'),
  description: `Every call of the ${PROVIDER_NAME} API (GIPHY- and Tenor-compatible) with its parameters, tried live with your own key.`,
});
export const developerReviewHead = (): PageHead => ({
  title: titled('Production key requests'),
  description: `Requests for production API keys on ${PROVIDER_NAME}.`,
});
/** Issue 31's pages about the site itself, and the bare /search. */
const SITE_PAGES = {
  about: {
    title: `About ${PROVIDER_NAME}`,
    description: `What this ${PROVIDER_NAME} instance is, its rules, how moderation and reporting work, and how to reach its team.`,
  },
  apps: {
    title: 'Apps and API',
    description: `Build with ${PROVIDER_NAME}: a GIPHY-compatible GIF API that GIPHY's SDKs use unchanged, a Tenor-compatible API, embeds and widgets.`,
  },
  studios: { title: 'Studios', description: `The verified artists, brands and studios on ${PROVIDER_NAME}.` },
  'search-home': {
    title: 'Search GIFs and stickers',
    description: `Search ${PROVIDER_NAME} for GIFs and stickers, or start from what people are searching for now.`,
  },
} as const;

export function sitePageHead(page: keyof typeof SITE_PAGES): PageHead {
  return { title: titled(SITE_PAGES[page].title), description: SITE_PAGES[page].description };
}

export const channelEditorHead = (): PageHead => ({
  title: titled('Your channels'),
  description: `Build and curate your ${PROVIDER_NAME} channels.`,
});

const ERRORS: Record<ErrorStatus, PageHead> = {
  404: { title: titled('Page not found'), description: 'There is nothing at this address.' },
  403: { title: titled('Not allowed'), description: 'You are not allowed to see this page.' },
  410: { title: titled('GIF hidden'), description: 'The moderators hid this GIF.' },
  451: { title: titled('Unavailable for legal reasons'), description: 'This GIF was taken down for legal reasons.' },
  503: { title: titled('Down for maintenance'), description: `${PROVIDER_NAME} is down for maintenance and will be back shortly.` },
};

export const errorHead = (status: ErrorStatus): PageHead => ERRORS[status];

const ACCOUNT_HEADS: Record<AccountPage, PageHead> = {
  join: { title: titled('Join'), description: `Make a ${PROVIDER_NAME} account to keep favorites and share your own GIFs.` },
  'verify-email': {
    title: titled('Confirm your e-mail address'),
    description: `Confirm the e-mail address of your ${PROVIDER_NAME} account.`,
  },
  login: { title: titled('Log in'), description: `Log in to ${PROVIDER_NAME}.` },
  password: { title: titled('Reset your password'), description: `Get a link to choose a new ${PROVIDER_NAME} password.` },
  settings: { title: titled('Settings'), description: 'Your profile, password, sessions and access tokens.' },
  favorites: { title: titled('Your favorites'), description: 'The GIFs and stickers you favorited.' },
  outbox: { title: titled('Mail outbox'), description: 'Mail this site has sent or is about to send.' },
  apply: {
    title: titled('Apply for a verified channel'),
    description: `Artists and brands: apply for a verified ${PROVIDER_NAME} channel.`,
  },
};

/** The account pages' heads; the server marks them noindex. */
export const accountHead = (page: AccountPage): PageHead => ACCOUNT_HEADS[page];
