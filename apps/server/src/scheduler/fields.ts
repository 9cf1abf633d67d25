import { z } from 'zod';
import { gifId } from '../http/params.ts';
import { intParam } from '../http/parse.ts';
import { uuidField } from '../boundary/uuid.ts';
import {
  ACTIVITY_DEFAULT_LIMIT,
  ACTIVITY_MAX_LIMIT,
  SCHEDULE_DEFAULT_LIMIT,
  SCHEDULE_DEFAULT_OFFSET,
  SCHEDULE_DEFAULT_TYPE,
  SCHEDULE_MAX_GIFS,
  SCHEDULE_MAX_LIMIT,
  SCHEDULE_MAX_OFFSET,
  SCHEDULE_TYPES,
  PUBLIC_GIF_CHOICES,
} from './constants.ts';

const scheduleType = z.enum(SCHEDULE_TYPES, { error: `type must be one of ${SCHEDULE_TYPES.join(', ')}` });

/** SPEC 3's scheduled GIF. */
const ScheduledGif = z.object(
  { id: gifId, is_sticker: z.boolean({ error: 'is_sticker must be true or false' }), type: scheduleType },
  { error: 'each of gifs must be {id, is_sticker, type}' },
);

/** The time to publish: ISO 8601 with an offset, or seconds since the epoch. */
const timestamp = z.union(
  [
    z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
    z
      .number()
      .int()
      .min(0)
      .max(4_102_444_800)
      .transform((s) => new Date(s * 1000)),
  ],
  { error: 'timestamp must be an ISO 8601 date and time or seconds since the epoch' },
);

export const ScheduleBody = z.object({
  gifs: z
    .array(ScheduledGif, { error: 'gifs must be a list of {id, is_sticker, type}' })
    .min(1, 'gifs must name at least one GIF')
    .max(SCHEDULE_MAX_GIFS, `a post holds at most ${SCHEDULE_MAX_GIFS} GIFs`),
  timestamp,
  /** Required when one of the GIFs is public (store.ts says so with a 400 naming it). */
  public_gifs: z.enum(PUBLIC_GIF_CHOICES, { error: `public_gifs must be one of ${PUBLIC_GIF_CHOICES.join(', ')}` }).optional(),
});

export const ScheduleQuery = z.object({
  limit: intParam('limit', 1, SCHEDULE_MAX_LIMIT, SCHEDULE_DEFAULT_LIMIT),
  offset: intParam('offset', 0, SCHEDULE_MAX_OFFSET, SCHEDULE_DEFAULT_OFFSET),
  type: scheduleType.optional().transform((t) => t ?? SCHEDULE_DEFAULT_TYPE),
});
export const ActivityQuery = z.object({
  limit: intParam('limit', 1, ACTIVITY_MAX_LIMIT, ACTIVITY_DEFAULT_LIMIT),
  offset: intParam('offset', 0, SCHEDULE_MAX_OFFSET, 0),
});
export const PostPath = z.object({ id: uuidField('id') });
