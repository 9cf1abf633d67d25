import { CONTENT_STATES } from '@loopbox/pages';
import { z } from 'zod';
import { countedPage, enveloped, Timestamp, type Wire } from './common.ts';
import { RATINGS } from './moderation.ts';

/** A signed-in person's notices: what moderators and staff did to their GIFs (issue 31). */

/** What a notice tells a creator about one of their GIFs, each from one logged event. */
export const NOTICE_KINDS = ['held', 'approved', 'hidden', 'rated', 'removed', 'restored', 'taken_down'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const unread = z.number().int().min(0);

export const Notice = z.strictObject({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  headline: z.string(),
  reason: z.string(),
  /** The rating given, for a `rated` notice. */
  rating: z.enum(RATINGS).nullable(),
  /** The GIF with its state now; `state` is `null` once the GIF is gone from the store. */
  gif: z.strictObject({ id: z.string(), title: z.string(), state: z.enum(CONTENT_STATES).nullable(), url: z.string() }),
  created_at: Timestamp,
  read: z.boolean(),
});
export type Notice = Wire<typeof Notice>;

/** A page of notices, newest first, with the total and `unread`: the count not yet read. */
export const NoticesAnswer = countedPage(Notice).extend({ unread });
export type NoticesPage = Wire<typeof NoticesAnswer>;
export const NoticesReadAnswer = enveloped(z.strictObject({ marked: z.number().int().min(0) })).extend({ unread: z.literal(0) });
export const NoticeReadAnswer = enveloped(z.strictObject({ id: z.string(), read: z.literal(true) })).extend({ unread });
