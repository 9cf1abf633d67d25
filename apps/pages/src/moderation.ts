/**
 * Moderation's named lists (issue 19), shared by the server's checks and the site's forms (the
 * report dialog, the staff console) so the two never offer different choices.
 */

/** Why someone reports a GIF (the report form's list). */
export const GIF_REPORT_REASONS = [
  'sexual',
  'violence',
  'hate',
  'harassment',
  'self_harm',
  'illegal',
  'copyright',
  'spam',
  'other',
] as const;
export type GifReportReason = (typeof GIF_REPORT_REASONS)[number];
/** Free-text notes on reports, decisions and takedowns. */
export const NOTE_MAX = 1000;
/** What a moderator can decide about a GIF (`POST /api/v1/gifs/{id}/moderation`). */
export const DECISIONS = ['approve', 'rate', 'hide', 'remove', 'restore'] as const;
export type Decision = (typeof DECISIONS)[number];
/** What staff can do to an account. */
export const ACCOUNT_ACTIONS = ['warn', 'suspend', 'restore'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
/** Why a GIF is taken down. */
export const TAKEDOWN_REASONS = ['copyright', 'trademark', 'privacy', 'illegal', 'terms_violation', 'court_order', 'other'] as const;
/** Items in one takedown request. */
export const TAKEDOWN_MAX_ITEMS = 1000;
/** The roles a person can hold, least to most trusted (SPEC 6). */
export const ROLES = ['user', 'creator', 'moderator', 'staff'] as const;
/** What the search service can filter a GIF's state by. */
/**
 * A GIF's states in the content policy (apps/server/src/content-policy/): what its owner chose, what
 * moderation holds, and who took it away (its owner: deleted; moderation: removed; staff: taken down).
 * `in_review`: a new account's GIF (trust levels), open by its link but listed nowhere until a
 * moderator approves it; `pending`: held by the NSFW check or pre-moderation, closed to others.
 */
export const CONTENT_STATES = [
  'public',
  'unlisted',
  'scheduled',
  'private',
  'in_review',
  'pending',
  'hidden',
  'deleted',
  'removed',
  'taken_down',
] as const;
export type ContentState = (typeof CONTENT_STATES)[number];
/** A GIF's stored type (the gifs table's check). */
export const GIF_TYPES = ['gif', 'sticker', 'video', 'emoji', 'text'] as const;
