import { TAKEDOWN_REASONS } from '@loopbox/pages';
import { z } from 'zod';
import { enveloped, Meta, Timestamp, type Wire } from './common.ts';
import { count, TAKEDOWN_STATES, userId } from './moderation.ts';

/** Staff's takedowns (SPEC 7.2 `/api/v3/content-takedown/takedown`). */

/** What became of a takedown's item: removed, or (in a 422, when nothing was taken down) not a GIF or not applied. */
export const TAKEDOWN_ITEM_STATUSES = ['removed', 'not_found', 'not_applied'] as const;

const takedownReason = z.enum(TAKEDOWN_REASONS);

export const TakedownItem = z.strictObject({ gif_id: z.string(), reason: takedownReason, status: z.enum(TAKEDOWN_ITEM_STATUSES) });
export type TakedownItem = Wire<typeof TakedownItem>;

/** `POST …/takedown` (201): every item removed. */
export const TakedownFiledAnswer = enveloped(
  z.strictObject({
    takedown_id: z.string(),
    state: z.enum(TAKEDOWN_STATES),
    /** Owners mailed, one mail each listing their GIFs. */
    owners_mailed: count,
    items: z.array(TakedownItem),
  }),
);
export type TakedownFiled = Wire<typeof TakedownFiledAnswer>['data'];

/** The 422 refusal of `POST …/takedown` when any item names no GIF: each item's status, nothing taken down. */
export const TakedownRefused = z.strictObject({ data: z.strictObject({ items: z.array(TakedownItem) }), meta: Meta });
export type TakedownRefused = Wire<typeof TakedownRefused>;

/** `GET …/takedown/{id}`: the record, its state and items with each GIF's owner when filed. */
export const TakedownAnswer = enveloped(
  z.strictObject({
    id: z.string(),
    state: z.enum(TAKEDOWN_STATES),
    send_email: z.boolean(),
    note: z.string(),
    filed_by: userId.nullable(),
    created_at: Timestamp,
    items: z.array(z.strictObject({ gif_id: z.string(), reason: takedownReason, owner_id: userId.nullable() })),
  }),
);
