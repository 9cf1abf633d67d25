import { z } from 'zod';
import { MAX_OFFSET } from '../public-api/constants.ts';
import { flag, gifId, intParam, passthrough, query } from '../public-api/params.ts';
import {
  ASPECT_RATIO_RANGES,
  CONTENT_FILTER_RATINGS,
  CONTENT_FILTERS,
  SEARCH_FILTERS,
  TENOR_DEFAULT_LIMIT,
  TENOR_MAX_IDS,
  TENOR_MAX_LIMIT,
  TENOR_TERMS_DEFAULT_LIMIT,
  TENOR_TERMS_MAX_LIMIT,
} from './constants.ts';
import { TENOR_FORMAT_NAMES, type TenorFormat } from './media-formats.ts';

/** A comma-separated list whose every item is one of `allowed`; the message names the first stranger. */
function commaList<T extends string>(name: string, allowed: readonly T[]) {
  return z
    .string()
    .transform((v, ctx) => {
      const items = v.split(',').map((s) => s.trim()).filter(Boolean);
      const stranger = items.find((item) => !(allowed as readonly string[]).includes(item));
      if (stranger !== undefined) {
        ctx.addIssue({ code: 'custom', message: `${name}: ${stranger.slice(0, 40)} is not one of ${allowed.join(', ')}` });
        return z.NEVER;
      }
      return items as T[];
    })
    .optional();
}

/** `pos`: the cursor a previous answer gave as `next` (a position in the listing). */
const pos = z
  .string()
  .regex(/^\d{1,5}$/, 'pos must be a value of next from a previous answer')
  .transform(Number)
  .pipe(z.number().max(MAX_OFFSET, `pos must be at most ${MAX_OFFSET}`))
  .optional()
  .transform((v) => v ?? 0);

/** Tenor's locale (`en_US`, `pt_BR`, `fr`): its language part narrows language-tagged matches. */
const locale = z
  .string()
  .regex(/^[a-z]{2}(?:[_-][A-Za-z]{2})?$/, 'locale must look like en_US')
  .transform((v) => v.slice(0, 2))
  .optional();

const contentFilter = z
  .enum(CONTENT_FILTERS, { error: `contentfilter must be one of ${CONTENT_FILTERS.join(', ')}` })
  .optional()
  .transform((v) => CONTENT_FILTER_RATINGS[v ?? 'off']!);

const aspectRange = z
  .enum(Object.keys(ASPECT_RATIO_RANGES) as [string, ...string[]], { error: `ar_range must be one of ${Object.keys(ASPECT_RATIO_RANGES).join(', ')}` })
  .optional()
  .transform((v) => ASPECT_RATIO_RANGES[v ?? 'all']!);

/** What every call may carry: the app's own key and its market, accepted and not acted on. */
const common = {
  client_key: passthrough,
  country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter country code').optional(),
  locale,
};

const listing = {
  ...common,
  contentfilter: contentFilter,
  media_filter: commaList<TenorFormat>('media_filter', TENOR_FORMAT_NAMES),
  ar_range: aspectRange,
  random: flag('random'),
  limit: intParam('limit', 1, TENOR_MAX_LIMIT, TENOR_DEFAULT_LIMIT),
  pos,
  searchfilter: commaList('searchfilter', SEARCH_FILTERS),
};

const terms = { ...common, limit: intParam('limit', 1, TENOR_TERMS_MAX_LIMIT, TENOR_TERMS_DEFAULT_LIMIT) };

export const SearchQuery = z.object({ q: query, ...listing });
export const FeaturedQuery = z.object(listing);
export const CategoriesQuery = z.object({
  ...common,
  type: z.enum(['featured', 'trending'], { error: 'type must be featured or trending' }).optional().transform((v) => v ?? 'featured'),
  contentfilter: contentFilter,
});
export const TermsQuery = z.object({ q: query, ...terms });
export const TrendingTermsQuery = z.object(terms);
export const RegisterShareQuery = z.object({ id: gifId, q: query.optional(), ...common });
export const PostsQuery = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(gifId).min(1, 'ids must list at least one id').max(TENOR_MAX_IDS, `ids may list at most ${TENOR_MAX_IDS} ids`)),
  media_filter: listing.media_filter,
  ...common,
});
