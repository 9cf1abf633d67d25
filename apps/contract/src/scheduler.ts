import { z } from 'zod';
import { enveloped, Gif, paged, Timestamp, type Wire } from './common.ts';

/** The scheduler: GIFs kept private until a time, then made public (SPEC 3, 7.5; apps/server/src/scheduler/README.md). */

/** What a scheduled GIF's `type` may be (SPEC 3: id, is_sticker, type). */
export const SCHEDULE_TYPES = ['gif', 'sticker', 'video'] as const;
/**
 * What happens to a GIF that is public when it is scheduled (the caller must say, `public_gifs`):
 * private until the time (its link answers 404 until then), or public all along with only its
 * promotion (into trending, from the post's time) waiting.
 */
export const PUBLIC_GIF_CHOICES = ['private_until_publish', 'stay_public'] as const;
/** A post waits (`scheduled`), then ends `published`, `cancelled` or `failed`. */
export const POST_STATES = ['scheduled', 'published', 'cancelled', 'failed'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export type PublicGifChoice = (typeof PUBLIC_GIF_CHOICES)[number];
export type PostState = (typeof POST_STATES)[number];

/** A waiting post as `GET /schedule` lists it. */
export const ScheduledPost = z.strictObject({
  id: z.uuid(),
  publish_at: Timestamp,
  /** The list holds waiting posts only. */
  state: z.literal('scheduled'),
  created_at: Timestamp,
  gifs: z.array(
    z.strictObject({
      id: z.string(),
      is_sticker: z.boolean(),
      type: z.enum(SCHEDULE_TYPES),
      /** A GIF left public while it waits (`stay_public`): only its promotion is scheduled. */
      stays_public: z.boolean(),
      /** `null` when the GIF is gone. */
      gif: Gif.nullable(),
    }),
  ),
});
export type ScheduledPost = Wire<typeof ScheduledPost>;

/** One line of `GET /activity`: a post scheduled, or how and when it ended. */
export const ActivityEntry = z.strictObject({
  post_id: z.uuid(),
  action: z.enum(POST_STATES),
  at: Timestamp,
  publish_at: Timestamp,
  gifs: z.array(z.string()),
  /** Why a `failed` post published nothing. */
  error: z.string().optional(),
});
export type ActivityEntry = Wire<typeof ActivityEntry>;

export const ScheduleAnswer = paged(ScheduledPost);
export const ActivityAnswer = paged(ActivityEntry);
export const PostScheduledAnswer = enveloped(
  z.strictObject({
    id: z.uuid(),
    publish_at: Timestamp,
    state: z.literal('scheduled'),
    gifs: z.array(z.string()),
    /** The caller's choice, when it sent one. */
    public_gifs: z.enum(PUBLIC_GIF_CHOICES).optional(),
    /** The GIFs left public (`stay_public`); the others are private until the time. */
    kept_public: z.array(z.string()),
  }),
);
export const PostCancelledAnswer = enveloped(z.strictObject({ id: z.uuid(), state: z.literal('cancelled') }));
