import { CONTENT_STATES } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, RATINGS, Timestamp, type Wire } from './common.ts';

export { RATINGS, type Rating } from './common.ts';

/** Uploads: GIPHY's Upload API, the dashboard's resumable and URL uploads, their state and the quota (README, Creators and uploads). */

/** What a creator may choose for a GIF: everywhere, by its link only, only themself (`scheduled` is the scheduler's). */
export const CHOSEN_VISIBILITIES = ['public', 'unlisted', 'private'] as const;
export type ChosenVisibility = (typeof CHOSEN_VISIBILITIES)[number];

export const UPLOAD_ORIGINS = ['resumable', 'api', 'url'] as const;
export type UploadOrigin = (typeof UPLOAD_ORIGINS)[number];
export const UPLOAD_STATES = ['receiving', 'queued', 'processing', 'done', 'failed'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];
/** Why an upload was refused or failed: stable codes (tests, the dashboard); the message says it to a person. */
export const UPLOAD_PROBLEM_CODES = [
  'empty',
  'too_large',
  'unsupported_type',
  'wrong_extension',
  'too_many_pixels',
  'extreme_shape',
  'decompression_bomb',
  'too_long',
  'too_many_frames',
  'truncated',
  'corrupt',
  'url_refused',
  'url_unreachable',
  'url_timeout',
  'interrupted',
  'cancelled',
  'decoder_missing',
  'storage_unavailable',
] as const;
export type UploadProblemCode = (typeof UPLOAD_PROBLEM_CODES)[number];
/** An uploader's trust level: `new` (a `user` with too few approved GIFs) or `trusted`. */
export const TRUST_LEVELS = ['new', 'trusted'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** What the creator said about an upload before it was processed. */
export const UploadFields = z.strictObject({
  title: z.string().optional(),
  tags: z.array(z.string()).optional(),
  rating: z.enum(RATINGS).optional(),
  source_post_url: z.string().optional(),
  is_sticker: z.boolean().optional(),
  visibility: z.enum(CHOSEN_VISIBILITIES).optional(),
  /** The GIF it was made from in the GIF maker. */
  source_gif_id: z.string().optional(),
});
export type UploadFields = Wire<typeof UploadFields>;

/** An upload as the dashboard reads it: where it is, how far, what went wrong, what GIF it became. */
export const Upload = z.strictObject({
  id: z.string(),
  gif_id: z.string(),
  state: z.enum(UPLOAD_STATES),
  /** 0–1 of processing. */
  progress: z.number().min(0).max(1),
  origin: z.enum(UPLOAD_ORIGINS),
  filename: z.string(),
  size: z.number().int().min(0),
  fields: UploadFields,
  /** Why it failed; `null` until it has. */
  error: z.strictObject({ code: z.enum(UPLOAD_PROBLEM_CODES), message: z.string() }).nullable(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
});
export type Upload = Wire<typeof Upload>;

/** An upload with, once done, its GIF's policy state and what its owner is told of it (a new account's waits `in_review`). */
export const UploadStatus = Upload.extend({
  gif: z.strictObject({ state: z.enum(CONTENT_STATES), notice: z.string().nullable() }).nullable(),
});
export type UploadStatus = Wire<typeof UploadStatus>;

/** What the quota answer and the upload page say of an uploader's level. */
export const Trust = z.strictObject({
  level: z.enum(TRUST_LEVELS),
  /** Their GIFs a moderator approved and still up. */
  approved_uploads: z.number().int().min(0),
  /** Approved GIFs a `user` needs to be trusted. */
  approved_needed: z.number().int().min(0),
});
export type Trust = Wire<typeof Trust>;

const Allowance = z.strictObject({ used: z.number().int().min(0), limit: z.number().int().min(0) });
/** What a creator may have going at once and send today, and what they use of it now. */
export const UploadQuota = z.strictObject({
  /** Uploads receiving, queued or processing. */
  open: Allowance,
  /** `source_image_url`s being fetched. */
  url_fetches: Allowance,
  /** Bytes since 00:00 UTC, counted again from `resets_at`. */
  bytes_today: Allowance.extend({ resets_at: Timestamp }),
  trust: Trust,
});
export type UploadQuota = Wire<typeof UploadQuota>;

/** GIPHY's Upload API answer: the new GIF's id (GIPHY answers `{data: {id}, meta}`). */
export const ApiUploadAnswer = enveloped(z.strictObject({ id: z.string() }));
export const UploadsAnswer = enveloped(z.array(Upload));
export const UploadStatusAnswer = enveloped(UploadStatus);
export const UrlUploadAnswer = enveloped(Upload);
export const UploadQuotaAnswer = enveloped(UploadQuota);
