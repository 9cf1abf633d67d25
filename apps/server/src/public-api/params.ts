import { z } from 'zod';
import { normaliseFreeText } from '../boundary/text.ts';
import { CONTENT_TYPES, DEFAULT_RATING, MAX_QUERY_LENGTH, RATINGS } from './constants.ts';

// The default is shown to the reference as metadata: a zod default would also fill in `rating.optional()` where absent means "any rating".
export const rating = z
  .enum(RATINGS, { error: `rating must be one of ${RATINGS.join(', ')}` })
  .meta({ default: DEFAULT_RATING })
  .optional()
  .transform((v) => v ?? DEFAULT_RATING);
export const query = z
  .string({ error: 'q is required' })
  .transform(normaliseFreeText)
  .pipe(z.string().min(1, 'q must not be empty').max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`));
export const lang = z
  .string()
  .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'lang must be a 2-letter language code')
  .optional();
export const contentType = z.enum(CONTENT_TYPES, { error: `type must be one of ${CONTENT_TYPES.join(', ')}` });
export const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');
/** Loopbox's own: the answer is the total alone (no GIFs) and, on a search, is not logged as one (a result tab's count). */
export const countOnly = flag('count_only').meta({
  description: 'Answer only the total (`data` is empty); a search asked this way is not logged as a search.',
});
/** Accepted for GIPHY compatibility; carried through to analytics, never to queries. */
export const passthrough = z.string().max(100, 'value is too long').optional();

const twoLetters = (name: string, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, `${name} must be a 2-letter ${what}`)
    .optional();
/** GIPHY's `country_code` (ISO 3166-1 alpha-2) and `region` (a 2-letter state or province code): accepted and checked, not acted on. */
export const countryCode = twoLetters('country_code', 'country code (ISO 3166-1 alpha-2)');
export const region = twoLetters('region', 'region code');
/** The parameters GIPHY takes on every GIF answer; `fields` and `bundle` are applied to the answer after it is made (public-api/trim.ts). */
export const giphyAnswerParams = {
  random_id: passthrough,
  country_code: countryCode,
  region,
  fields: z
    .string()
    .optional()
    .meta({ description: 'Comma-separated fields to keep, nested ones by dots (`id,url,images.original`); unknown names are ignored.' }),
  bundle: z
    .string()
    .optional()
    .meta({ description: 'A renditions bundle: messaging_non_clips, clips_grid_picker, sticker_layering or low_bandwidth.' }),
};
