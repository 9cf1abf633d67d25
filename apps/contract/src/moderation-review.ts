import { DECISIONS } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Timestamp, type Wire } from './common.ts';
import { ACTOR_KINDS, count, countedPage, gifReportReason, moderationState, rating, role, userId, visibility } from './moderation.ts';

/** What moderators read: the review queue, a GIF's moderation detail and the audit trail. */

/** A small moving preview of a GIF (a same-origin path), or '' when it has no GIF rendition. */
const preview = z.string();

/** A GIF waiting in `GET /api/v1/moderation/queue/`: reported, or held for a decision. */
export const QueueItem = z.strictObject({
  id: z.string(),
  title: z.string(),
  rating,
  moderation_state: moderationState,
  nsfw_score: z.number().nullable(),
  suggested_rating: rating.nullable(),
  username: z.string().nullable(),
  create_datetime: Timestamp,
  open_reports: count,
  /** The open reports' reasons, each once. */
  reasons: z.array(gifReportReason),
  /** The oldest open report (null: waiting without a report). */
  first_reported_at: Timestamp.nullable(),
  preview,
});
export type QueueItem = Wire<typeof QueueItem>;
export const QueueAnswer = countedPage(QueueItem);

/** An event of the log as the audit trail shows it, newest first by `seq`. */
export const AuditEntry = z.strictObject({
  /** The log's sequence number (a bigint, as text): the next page's `before`. */
  seq: z.string().regex(/^[0-9]+$/),
  type: z.string(),
  stream: z.string(),
  stream_id: z.string(),
  ts: Timestamp,
  actor: userId.nullable(),
  actor_kind: z.enum(ACTOR_KINDS),
  /** The acting user's name and role now (null when no user acted, or the account is gone). */
  actor_username: z.string().nullable(),
  actor_role: role.nullable(),
  /** What the event logged: its fields differ by `type`. */
  payload: z.record(z.string(), z.unknown()),
});
export type AuditEntry = Wire<typeof AuditEntry>;

export const AuditAnswer = enveloped(
  z.strictObject({
    entries: z.array(AuditEntry),
    /** The next page's `before`; null on the last page. */
    next_before: z.string().nullable(),
  }),
);

/** A report of a GIF, open or closed (by a decision, or `takedown`). */
export const GifReport = z.strictObject({
  id: z.string(),
  /** `user:<id>` or `address:<client address>`. */
  reporter: z.string(),
  reason: gifReportReason,
  note: z.string(),
  created_at: Timestamp,
  resolved_at: Timestamp.nullable(),
  resolution: z.enum([...DECISIONS, 'takedown']).nullable(),
});
export type GifReport = Wire<typeof GifReport>;

/** `GET /api/v1/gifs/{id}/moderation`: a GIF in any state with its reports and history. */
export const GifModeration = z.strictObject({
  id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  rating,
  visibility,
  is_hidden: z.boolean(),
  is_removed: z.boolean(),
  moderation_state: moderationState,
  nsfw_score: z.number().nullable(),
  suggested_rating: rating.nullable(),
  create_datetime: Timestamp,
  user_id: userId.nullable(),
  username: z.string().nullable(),
  preview,
  /** The newest reports first. */
  reports: z.array(GifReport),
  history: z.array(AuditEntry),
});
export type GifModeration = Wire<typeof GifModeration>;
export const GifModerationAnswer = enveloped(GifModeration);
