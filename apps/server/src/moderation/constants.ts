import { CHANNEL_EVENTS } from '../verified-channels/constants.ts';

/** Verified channels' events (issue 31): applications filed and decided, staff's user flags. */
const VERIFIED_CHANNEL_AUDIT_EVENTS = Object.values(CHANNEL_EVENTS);

/** Moderation's named values (issue 19), each defined once; the lists the site's forms offer too live in @loopbox/pages. */
export {
  ACCOUNT_ACTIONS,
  CONTENT_STATES,
  DECISIONS,
  GIF_TYPES,
  GIF_REPORT_REASONS,
  NOTE_MAX,
  TAKEDOWN_MAX_ITEMS,
  TAKEDOWN_REASONS,
  type AccountAction,
  type Decision,
  type GifReportReason,
} from '@loopbox/pages';

/** Search reports' reasons and content types, and how a moderator resolves them (values their answers carry). */
export {
  SEARCH_CONTENT_TYPES,
  SEARCH_REPORT_REASONS,
  SEARCH_REPORT_RESOLUTIONS,
  type SearchReportResolution,
} from '@loopbox/contract/moderation';

/** A search term as the public API takes it (q at most 50 characters). */
export const SEARCH_TERM_MAX = 50;
/** Trending search candidates listed for review at most. */
export const TRENDING_CANDIDATES_MAX = 50;

/** Up to this many GIFs a takedown purges each GIF's cached answers from the edge; beyond, the whole edge cache. */
export const TAKEDOWN_PURGE_EACH_MAX = 100;

/** Domain events of moderation, each on the stream of what it is about. */
export const MODERATION_EVENTS = {
  gifReported: 'gif.reported',
  searchReported: 'search.reported',
  decided: 'gif.moderated',
  takedownFiled: 'takedown.filed',
  accountActioned: 'account.moderated',
  termBlocked: 'trending_term.blocked',
  termUnblocked: 'trending_term.unblocked',
  termApproved: 'trending_term.approved',
  termApprovalWithdrawn: 'trending_term.approval_withdrawn',
  searchReportsResolved: 'search.reports_resolved',
} as const;

/** Open reports shown per term in the search-report queue (the counts cover them all). */
export const SEARCH_REPORT_DETAILS_MAX = 20;

/** Streams the audit trail can be filtered by (`target=<kind>:<id or term>`), and the longest id or term it takes. */
export const AUDIT_TARGET_KINDS = ['gif', 'user', 'takedown', 'search', 'trending_term'] as const;
export const AUDIT_TARGET_MAX = 200;

/** Events the audit trail shows: moderation's own and the changes people make to GIFs and accounts. */
export const AUDIT_EVENT_TYPES = [
  ...Object.values(MODERATION_EVENTS),
  'gif.created',
  'gif.uploaded',
  'gif.updated',
  'gif.removed',
  'gif.cta_set',
  'gif.cta_removed',
  'gif.language_tags_added',
  'gif.language_tag_removed',
  'role.changed',
  ...VERIFIED_CHANNEL_AUDIT_EVENTS,
] as const;

export const SEARCH_SERVICE_PAGE_MAX = 100;
/** Rows read per query while streaming a CSV export: memory stays bounded by this, whatever the export's size. */
export const CSV_CHUNK_ROWS = 1000;

/** Page sizes of the review queue and the audit trail. */
export const PAGE_DEFAULT = 25;
export const PAGE_MAX = 100;

/**
 * The NSFW classifier (nsfwjs's bundled MobileNetV2): a GIF's score is the probability of its still
 * being Porn, Hentai or Sexy. At or above NSFW_HIDE_THRESHOLD an upload waits for a moderator
 * (pending: out of listings); NSFW_THRESHOLD (env) overrides it.
 */
export const NSFW_HIDE_THRESHOLD = 0.7;
export const NSFW_CLASSES = ['Porn', 'Hentai', 'Sexy'] as const;
/** The rating suggested for a score: the first whose floor it reaches. */
export const NSFW_RATING_FLOORS = [
  { floor: NSFW_HIDE_THRESHOLD, rating: 'r' },
  { floor: 0.4, rating: 'pg-13' },
  { floor: 0.15, rating: 'pg' },
  { floor: 0, rating: 'g' },
] as const;
/** The classifier's input: a square still of this many pixels a side. */
export const NSFW_IMAGE_SIZE = 224;

/** The transparency figures (`/transparency`): this many calendar months (UTC), the current one included. */
export const TRANSPARENCY_MONTHS = 12;
/** How long one process keeps the computed figures, and edges and browsers their answer. */
export const TRANSPARENCY_CACHE_MS = 5 * 60_000;
