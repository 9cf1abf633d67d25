import { ACCOUNT_ACTIONS, CONTENT_STATES, DECISIONS, GIF_REPORT_REASONS, GIF_TYPES, ROLES } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, RATINGS, Timestamp, VISIBILITIES, type Wire } from './common.ts';

export { countedPage, RATINGS, VISIBILITIES } from './common.ts';

/**
 * Moderation (issue 19; README, Moderation): the named values its answers carry and the answers of
 * reports, decisions, account actions and the user lookup. The queue, audit trail, search reports,
 * search service, takedowns, trending review and transparency figures are in moderation-*.ts.
 * The lists the site's forms offer too (reasons, decisions, account actions, content states, roles)
 * stay in @loopbox/pages, which the web app imports as values.
 */

/** Why someone reports a search's results (SPEC 7.2 `/ajax/report-search`). */
export const SEARCH_REPORT_REASONS = ['offensive', 'sexual', 'violent', 'irrelevant', 'broken', 'other'] as const;
/** What a reported search was for. */
export const SEARCH_CONTENT_TYPES = ['gifs', 'stickers', 'text', 'videos', 'emoji', 'clips'] as const;
/** How a moderator closes a term's open search reports: nothing to do, or something was done (blocked from trending, GIFs hidden). */
export const SEARCH_REPORT_RESOLUTIONS = ['dismiss', 'act'] as const;
export type SearchReportResolution = (typeof SEARCH_REPORT_RESOLUTIONS)[number];
/** A takedown's state: applied, and its owners mailed when it asked for that and any GIF had an owner. */
export const TAKEDOWN_STATES = ['applied', 'owners_mailed'] as const;
export type TakedownState = (typeof TAKEDOWN_STATES)[number];
/**
 * Who an audit entry is by: a signed-in `user` (named), an `anonymous` visitor (a report from someone
 * not signed in), or the `system` (an operator's command line, a job, a rule applied with nobody acting).
 */
export const ACTOR_KINDS = ['user', 'anonymous', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** The content policy's columns and a GIF's rating, as moderation answers show them (content-policy/states.ts). */
export const MODERATION_STATES = ['none', 'in_review', 'pending', 'approved', 'hidden'] as const;
export const DECIDERS = ['moderator', 'staff'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const rating = z.enum(RATINGS);
export const moderationState = z.enum(MODERATION_STATES);
export const visibility = z.enum(VISIBILITIES);
export const gifType = z.enum(GIF_TYPES);
export const contentState = z.enum(CONTENT_STATES);
export const gifReportReason = z.enum(GIF_REPORT_REASONS);
export const role = z.enum(ROLES);
export const decision = z.enum(DECISIONS);
/** A whole count. */
export const count = z.number().int().min(0);
/** A user's id. */
export const userId = z.number().int().positive();

/** `POST /ajax/gif/{id}/report/`: a new report (201), or a repeat of the reporter's open one (200, nothing kept). */
export const GifReportedAnswer = enveloped(
  z.discriminatedUnion('duplicate', [
    z.strictObject({ gif_id: z.string(), reported: z.literal(true), duplicate: z.literal(false), report_id: z.string() }),
    z.strictObject({ gif_id: z.string(), reported: z.literal(true), duplicate: z.literal(true) }),
  ]),
);

/** `POST /ajax/report-search`: as a GIF report, for the term as kept (lower-cased). */
export const SearchReportedAnswer = enveloped(
  z.discriminatedUnion('duplicate', [
    z.strictObject({ search_term: z.string(), reported: z.literal(true), duplicate: z.literal(false), report_id: z.string() }),
    z.strictObject({ search_term: z.string(), reported: z.literal(true), duplicate: z.literal(true) }),
  ]),
);

/** `POST /api/v1/gifs/{id}/moderation`: the GIF as the decision left it. */
export const Decided = z.strictObject({
  gif_id: z.string(),
  decision,
  /** Its moderation column, and its one state in the content policy. */
  state: moderationState,
  policy_state: contentState,
  is_removed: z.boolean(),
  rating,
  /** Whose decision stands on it: staff outrank moderators. */
  decided_by: z.enum(DECIDERS).nullable(),
});
export type Decided = Wire<typeof Decided>;
export const DecidedAnswer = enveloped(Decided);

/** `POST /api/v1/users/{id}/moderation/`: whether the account is suspended after the action. */
export const AccountActioned = z.strictObject({ id: userId, action: z.enum(ACCOUNT_ACTIONS), suspended: z.boolean() });
export type AccountActioned = Wire<typeof AccountActioned>;
export const AccountActionedAnswer = enveloped(AccountActioned);

/** `GET /api/v1/moderation/users/?username=`: an account, public or not, as the staff console manages it. */
export const FoundUser = z.strictObject({
  id: userId,
  username: z.string(),
  display_name: z.string(),
  role,
  is_public: z.boolean(),
  is_verified: z.boolean(),
  /** Attribution suppressed (no creator chrome around its GIFs). */
  suppress_chrome: z.boolean(),
  suspended_at: Timestamp.nullable(),
  created_at: Timestamp,
  gif_count: count,
});
export type FoundUser = Wire<typeof FoundUser>;
export const FoundUserAnswer = enveloped(FoundUser);
