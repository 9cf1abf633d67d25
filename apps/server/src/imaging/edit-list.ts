import { z } from 'zod';
import { hasControlCharacter, normaliseFreeText } from '../boundary/text.ts';
import { GIF_ID_PARAM_PATTERN } from '../http/params.ts';
import {
  CAPTION_ANIMATIONS,
  CAPTION_FONTS,
  CAPTION_MAX_CHARS,
  CAPTION_SIZE,
  EDIT_MAX_CAPTIONS,
  EDIT_MAX_STICKERS,
  STICKER_ROTATION_MAX,
  STICKER_SCALE,
  TRIM_MAX_DURATION_S,
  TRIM_MIN_DURATION_S,
  TRIM_SOURCE_LIMITS,
  type CaptionFont,
} from './constants.ts';

/** A number within bounds (JSON numbers only: the edit list is JSON). */
const bounded = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
/** A place on the frame, as fractions of its width and height (0 left/top, 1 right/bottom). */
const fraction = (name: string) => bounded(name, 0, 1);

const Caption = z.object({
  text: z
    .string({ error: 'text must be a string' })
    .transform(normaliseFreeText)
    .pipe(z.string().min(1, 'text must not be empty').max(CAPTION_MAX_CHARS, `text must be at most ${CAPTION_MAX_CHARS} characters`)),
  font: z
    .enum(Object.keys(CAPTION_FONTS) as [CaptionFont], { error: `font must be one of ${Object.keys(CAPTION_FONTS).join(', ')}` })
    .default('sans'),
  color: z
    .string({ error: 'color must be #rrggbb' })
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be #rrggbb')
    .default('#ffffff'),
  size: bounded('size', CAPTION_SIZE.min, CAPTION_SIZE.max).default(0.12),
  x: fraction('x').default(0.5),
  y: fraction('y').default(0.85),
  animation: z.enum(CAPTION_ANIMATIONS, { error: `animation must be one of ${CAPTION_ANIMATIONS.join(', ')}` }).default('none'),
});

const Sticker = z.object({
  id: z.string({ error: 'id must be a sticker id' }).regex(GIF_ID_PARAM_PATTERN, 'id must be a sticker id'),
  x: fraction('x'),
  y: fraction('y'),
  scale: bounded('scale', STICKER_SCALE.min, STICKER_SCALE.max),
  rotation: bounded('rotation', -STICKER_ROTATION_MAX, STICKER_ROTATION_MAX).default(0),
});

/**
 * The GIF maker's declarative edit list: what to cut (`trim`) from the source, and the captions and
 * sticker layers drawn over it, each placed by its centre in fractions of the frame. The server
 * renders exactly this (render.ts); the browser's preview draws the same list.
 */
export const EditList = z.object({
  media_url: z
    .string({ error: 'media_url must be a URL' })
    .min(1, 'media_url must be a URL')
    .max(2000, 'media_url must be at most 2000 characters')
    .refine((u) => !hasControlCharacter(u), 'media_url must not contain control characters')
    .optional(),
  trim: z.object(
    {
      start: bounded('trim.start', 0, TRIM_SOURCE_LIMITS.maxDurationS),
      duration: bounded('trim.duration', TRIM_MIN_DURATION_S, TRIM_MAX_DURATION_S),
    },
    { error: 'trim must be {start, duration}' },
  ),
  captions: z
    .array(Caption, { error: 'captions must be a list' })
    .max(EDIT_MAX_CAPTIONS, `at most ${EDIT_MAX_CAPTIONS} captions`)
    .default([]),
  stickers: z
    .array(Sticker, { error: 'stickers must be a list' })
    .max(EDIT_MAX_STICKERS, `at most ${EDIT_MAX_STICKERS} stickers`)
    .default([]),
});
export type EditList = z.infer<typeof EditList>;
export type CaptionLayer = z.infer<typeof Caption>;
export type StickerLayer = z.infer<typeof Sticker>;
