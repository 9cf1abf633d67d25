import { z } from 'zod';
import { hasControlCharacter, unsafeTextReason } from '../boundary/text.ts';
import { gifId } from '../http/params.ts';
import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_TYPES,
  DESCRIPTION_MAX,
  DISPLAY_NAME_MAX,
  MAX_GIFS_PER_ADD,
  SLUG_PATTERN,
  TAG_MAX,
} from './constants.ts';

/** The text every channel field obeys: storable, one line unless `multiline`, at most `max` characters, trimmed. */
function text(name: string, max: number, options: { multiline?: boolean; min?: number } = {}) {
  return z
    .string({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .refine((v) => unsafeTextReason(v) === null, `${name} contains an invalid character`)
    .refine((v) => !hasControlCharacter(options.multiline ? v.replace(/[\r\n\t]/g, ' ') : v), `${name} contains a control character`)
    .transform((v) => v.trim())
    .pipe(z.string().min(options.min ?? 0, `${name} must not be empty`));
}

/** A channel id: a positive integer, as a number in JSON or digits in a path or form. */
export const channelId = (name: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/, `${name} must be a channel id`)
          .transform(Number),
      ],
      { error: `${name} must be a channel id` },
    )
    .pipe(
      z
        .number({ error: `${name} must be a channel id` })
        .int(`${name} must be a channel id`)
        .min(1, `${name} must be a channel id`)
        .max(2_147_483_647, `${name} must be a channel id`),
    );
export const positionField = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000, `${name} must be at most 1000000`);
const flag = (name: string) =>
  z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: `${name} must be true or false` });

export const slug = z
  .string({ error: 'slug is required' })
  .regex(SLUG_PATTERN, 'slug must be 2 to 60 lower-case letters, digits or inner dashes');
export const displayName = text('display_name', DISPLAY_NAME_MAX, { min: 1 });
/** A tag as GIFs carry them: trimmed, lower case, single spaces. */
export const tag = text('tag', TAG_MAX, { min: 1 }).transform((v) => v.toLowerCase().replace(/\s+/g, ' '));

export const NewChannel = z
  .object({
    slug,
    display_name: displayName,
    short_display_name: text('short_display_name', DISPLAY_NAME_MAX).optional(),
    description: text('description', DESCRIPTION_MAX, { multiline: true }).optional(),
    parent: channelId('parent').nullable().optional(),
    type: z.enum(CHANNEL_TYPES, { error: 'type must be community or editorial' }).optional(),
    content_type: z.enum(CHANNEL_CONTENT_TYPES, { error: 'content_type must be gif or sticker' }).optional(),
    is_visible: flag('is_visible').optional(),
    is_private: flag('is_private').optional(),
    position: positionField('position').optional(),
  })
  .strict();

export const ChannelChanges = z
  .object({
    display_name: displayName.optional(),
    short_display_name: text('short_display_name', DISPLAY_NAME_MAX).optional(),
    description: text('description', DESCRIPTION_MAX, { multiline: true }).optional(),
    featured_gif: z
      .union([gifId, z.literal('')])
      .nullable()
      .optional(),
    is_visible: flag('is_visible').optional(),
    is_private: flag('is_private').optional(),
    is_live: flag('is_live').optional(),
  })
  .strict();

export const Move = z
  .object({ position: positionField('position').optional(), target_channel: channelId('target_channel').nullable().optional() })
  .strict()
  .refine((m) => m.position !== undefined || m.target_channel !== undefined, {
    message: 'position or target_channel is required',
    path: ['position'],
  });

/** One GIF id or a list of them. */
const gifList = z.union(
  [
    gifId.transform((id) => [id]),
    z
      .array(gifId, { error: 'gif must be a GIF id or a list of them' })
      .min(1, 'gif must name at least one GIF')
      .max(MAX_GIFS_PER_ADD, `gif may name at most ${MAX_GIFS_PER_ADD} GIFs`),
  ],
  {
    error: 'gif must be a GIF id or a list of them',
  },
);
export const ChannelGifs = z
  .object({ channel: channelId('channel'), gif: gifList, position: positionField('position').optional() })
  .strict();
export const ChannelGifsRemoval = z.object({ channel: channelId('channel'), gif: gifList }).strict();

export const NewRankedTag = z.object({ channel: channelId('channel').optional(), tag, rank: positionField('rank').optional() }).strict();
export const RankedTagChanges = z.object({ tag: tag.optional(), rank: positionField('rank').optional() }).strict();
export const NewMagicTag = z.object({ channel: channelId('channel').optional(), tag }).strict();
