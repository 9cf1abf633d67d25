import { API_REFERENCE_SCRIPT } from '@loopbox/pages';

/** The groups of the API reference, in the order it lists them: a title to show and what the group holds. */
export const OPENAPI_TAGS = {
  gifs: {
    title: 'GIFs and stickers',
    description:
      'GIPHY API v1: search, trending, random, related, by id, categories, channels, emoji, text and videos. Every call takes an `api_key`.',
  },
  collector: {
    title: 'Analytics collector',
    description: "The analytics collector: pingbacks from GIPHY's SDKs and the embed's events, acknowledged only once stored.",
  },
  tenor: {
    title: 'Tenor API',
    description: 'Tenor API v2 over the same content, for apps written for Tenor: repoint the base URL, keep the `key` parameter.',
  },
  accounts: { title: 'Accounts', description: 'Sign up, sessions, passwords, e-mail verification and profiles.' },
  tokens: {
    title: 'Access tokens',
    description:
      'Personal access tokens, for calling the backend as yourself from scripts and the stories, scheduler and imaging services.',
  },
  favorites: { title: 'Favorites', description: "A signed-in user's favorites." },
  'gif-management': { title: 'Managing GIFs', description: "A creator's GIFs: details, tags, translations, metadata and sharing." },
  uploads: {
    title: 'Uploads',
    description:
      "Uploading GIFs and videos: anyone signed in. A new account's GIFs (a `user` with fewer approved GIFs than `TRUST_APPROVED_UPLOADS`) wait in review, open by id and link but listed nowhere until a moderator approves them, and have a lower quota; verified channels (`creator`), moderators and staff are trusted at once.",
  },
  imaging: {
    title: 'Imaging',
    description:
      "The imaging service: a segment of a GIF or clip trimmed, or the GIF maker's edit list rendered, answered as the file itself (GIF, MP4 or WebP) to upload.",
  },
  scheduler: {
    title: 'Scheduler',
    description:
      'The scheduler service: your GIFs kept private until a time, then made public and trending; the waiting posts and what became of them.',
  },
  stories: {
    title: 'Stories',
    description: 'The stories service: GIFs in order with captions, by their creators; drafts for their authors, trending picked by staff.',
  },
  channels: { title: 'Channels', description: 'Channels, their GIFs and tags.' },
  artists: { title: 'Artists', description: 'Artist profiles.' },
  analytics: { title: 'Analytics', description: 'Figures for creators and staff, read from projections of the event log.' },
  moderation: {
    title: 'Moderation',
    description: 'Reports, the review queue, decisions, takedowns, the search service and the audit trail.',
  },
  'verified-channels': {
    title: 'Verified channels',
    description: 'Artists and brands apply for a verified channel; staff review the applications.',
  },
  developers: { title: 'Developer apps', description: 'Developer apps, their API keys and usage.' },
  site: { title: 'Site', description: 'What the site and embeds read: oEmbed, public profiles, the build, the outbox.' },
} as const;
export type OpenApiTag = keyof typeof OPENAPI_TAGS;

/** Routes that are not API calls, so the document leaves them out: media files, the health check, the reference's script and the site's pages. */
export const UNDOCUMENTED_ROUTES: ReadonlySet<string> = new Set([
  'GET /healthz',
  'GET /media/*',
  'HEAD /media/*',
  `GET ${API_REFERENCE_SCRIPT}`,
  'GET /*',
]);

/** What a route answering a media file (`responseType: 'media'`) may send. */
export const MEDIA_ANSWER_TYPES = ['image/gif', 'image/webp', 'video/mp4'] as const;

/** The security schemes' names in the document. */
export const SECURITY = { apiKey: 'api_key', tenorKey: 'tenor_key', session: 'session', token: 'token' } as const;
