import { API_REFERENCE_SCRIPT } from '@loopbox/pages';

/** The groups of the API reference, in the order it lists them. */
export const OPENAPI_TAGS = {
  gifs: 'GIPHY API v1: search, trending, random, related, by id, categories, channels, emoji, text and videos. Every call takes an `api_key`.',
  collector: 'The analytics collector: pingbacks from GIPHY\'s SDKs and the embed\'s events, acknowledged only once stored.',
  tenor: 'Tenor API v2 over the same content, for apps written for Tenor: repoint the base URL, keep the `key` parameter.',
  accounts: 'Sign up, sessions, passwords, e-mail verification and profiles.',
  tokens: 'Personal access tokens, for calling the backend as yourself from scripts and the stories, scheduler and imaging services.',
  favorites: 'A signed-in user\'s favorites.',
  'gif-management': 'A creator\'s GIFs: details, tags, translations, metadata and sharing.',
  uploads: 'Uploading GIFs and videos.',
  channels: 'Channels, their GIFs and tags.',
  artists: 'Artist profiles.',
  analytics: 'Figures for creators and staff, read from projections of the event log.',
  moderation: 'Reports, the review queue, decisions, takedowns, the search service and the audit trail.',
  developers: 'Developer apps, their API keys and usage.',
  site: 'What the site and embeds read: oEmbed, public profiles, the build, the outbox.',
} as const;
export type OpenApiTag = keyof typeof OPENAPI_TAGS;

/** Routes that are not API calls, so the document leaves them out: media files, the health check, the reference's script and the site's pages. */
export const UNDOCUMENTED_ROUTES: ReadonlySet<string> = new Set(['GET /healthz', 'GET /media/*', 'HEAD /media/*', `GET ${API_REFERENCE_SCRIPT}`, 'GET /*']);

/** The security schemes' names in the document. */
export const SECURITY = { apiKey: 'api_key', tenorKey: 'tenor_key', session: 'session', token: 'token' } as const;
