import { z } from 'zod';
import { hasControlCharacter, normaliseFreeText } from '../boundary/text.ts';
import { RATINGS } from '@loopbox/contract/common';
import { GIF_ID_PARAM_PATTERN } from '../http/params.ts';
import { TAG_MAX, TAGS_MAX, TITLE_MAX } from './constants.ts';
import { CHOSEN_VISIBILITIES as VISIBILITIES } from '@loopbox/contract/uploads';

export { VISIBILITIES };

/** A title: one line, at most TITLE_MAX characters. */
export const titleField = z
  .string()
  .transform(normaliseFreeText)
  .pipe(z.string().max(TITLE_MAX, `title must be at most ${TITLE_MAX} characters`));

/** One tag: free text on one line, lower-cased, at most TAG_MAX characters. */
export const tagField = z
  .string()
  .transform((t) => normaliseFreeText(t).toLowerCase())
  .pipe(z.string().min(1, 'a tag must not be empty').max(TAG_MAX, `a tag must be at most ${TAG_MAX} characters`));

/** Tags as GIPHY's upload API sends them (one comma-separated string) or as a list; duplicates dropped. */
export const tagsField = z
  .union([z.string().transform((s) => s.split(',').filter((t) => t.trim() !== '')), z.array(z.string())], {
    error: 'tags must be a comma-separated string or a list of strings',
  })
  .pipe(z.array(tagField).max(TAGS_MAX, `at most ${TAGS_MAX} tags`))
  .transform((tags) => [...new Set(tags)]);

export const ratingField = z.enum(RATINGS, { error: `rating must be one of ${RATINGS.join(', ')}` });
export const visibilityField = z.enum(VISIBILITIES, { error: `visibility must be one of ${VISIBILITIES.join(', ')}` });
export const httpUrlField = (name: string) =>
  z
    .url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })
    .max(2000, `${name} must be at most 2000 characters`)
    .refine((u) => !hasControlCharacter(u), `${name} must not contain control characters`);
/** A flag as forms send it. */
export const flagField = (name: string) =>
  z.union([
    z.boolean(),
    z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` }).transform((v) => v === 'true' || v === '1'),
  ]);

/** What a creator may say about an upload, in any of the upload paths (API form, resumable metadata, URL JSON). */
export const UploadFieldsSchema = z.object({
  title: titleField.optional(),
  tags: tagsField.optional(),
  rating: ratingField.optional(),
  source_post_url: httpUrlField('source_post_url').optional(),
  is_sticker: flagField('is_sticker').optional(),
  visibility: visibilityField.optional(),
  /** The GIF maker's source GIF, credited on the new GIF when its creator may open it (made-from/credit.ts). */
  source_gif_id: z
    .string({ error: 'source_gif_id must be a GIF id' })
    .regex(GIF_ID_PARAM_PATTERN, 'source_gif_id must be a GIF id')
    .optional(),
});

/** An upload's id in a path. */
export const UploadPath = z.object({ id: z.string().regex(/^[A-Za-z0-9]{16,64}$/, 'id must be an upload id') });
