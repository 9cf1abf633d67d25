import { z } from 'zod';
import { MAX_OFFSET } from '../http/params.ts';
import { query } from '../public-api/params.ts';
import { gifId } from '../http/params.ts';
import { intParam } from '../http/parse.ts';
import {
  ASPECT_RATIO_RANGES,
  CONTENT_FILTER_RATINGS,
  CONTENT_FILTERS,
  SEARCH_FILTERS,
  TENOR_DEFAULT_LIMIT,
  TENOR_MAX_IDS,
  TENOR_MAX_LIMIT,
  TENOR_SUGGESTIONS_DEFAULT_LIMIT,
  TENOR_TERMS_DEFAULT_LIMIT,
  TENOR_TERMS_MAX_LIMIT,
} from './constants.ts';
import { isTenorFormat, TENOR_FORMAT_NAMES, TENOR_UNSERVED_FORMATS } from './media-formats.ts';

/**
 * Tenor's and KLIPY's v2 parameters, read as leniently as Tenor read them (docs/decisions.md,
 * "Tenor and KLIPY leniency"): a value that only shapes the answer (a format name, a search filter
 * item, an aspect range, a locale, a country, a category type) is ignored when unknown; what is
 * truly invalid (a number that is not one or out of range, a cursor we never gave, a missing `q` or
 * `ids`) and an unknown `contentfilter` are a 400 in Tenor's error object.
 */
const described = <T extends z.ZodType>(schema: T, description: string): T => schema.meta({ description });

const items = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * `media_filter`: the formats it names that we serve, in the order named; names we do not serve
 * (KLIPY's or Tenor's webm, a typo) are ignored, and a list left with none gives every format, as
 * an absent filter does (Tenor documents no answer for that case).
 */
const mediaFilter = described(
  z
    .string()
    .transform((v) => {
      const served = [...new Set(items(v).filter(isTenorFormat))];
      return served.length > 0 ? served : undefined;
    })
    .optional(),
  `Comma-separated media formats to include (${TENOR_FORMAT_NAMES.join(', ')}); names not served here (${TENOR_UNSERVED_FORMATS.join(', ')}, or any other) are ignored; none left means every format.`,
);

/** `pos`: the cursor a previous answer gave as `next` (a position in the listing). */
const pos = described(
  z
    .string()
    .regex(/^\d{1,5}$/, 'pos must be a value of next from a previous answer')
    .transform(Number)
    .pipe(z.number().max(MAX_OFFSET, `pos must be at most ${MAX_OFFSET}`))
    .optional()
    .transform((v) => v ?? 0),
  'The `next` of the previous page.',
);

/** Tenor's locale (`en_US`, `pt_BR`, `fr`, `zh-CN`): its language narrows language-tagged matches; one that is no language tag is ignored. */
const locale = described(
  z
    .string()
    .optional()
    .transform((v) => /^([A-Za-z]{2})(?:[_-][A-Za-z0-9]{2,8})*$/.exec(v ?? '')?.[1]?.toLowerCase()),
  'Language (ISO 639-1) and optional country, as `xx_YY`; default en_US. The language narrows language-tagged matches; a value that is no language tag is ignored.',
);

const contentFilter = described(
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(CONTENT_FILTERS, { error: `contentfilter must be one of ${CONTENT_FILTERS.join(', ')}` }))
    .optional()
    .transform((v) => CONTENT_FILTER_RATINGS[v ?? 'off']!),
  `Content safety: ${CONTENT_FILTERS.join(', ')} (default off), mapped to ratings r, pg-13, pg, g. An unknown value is a 400, never a wider answer.`,
);

const aspectRange = described(
  z
    .string()
    .optional()
    .transform((v) => ASPECT_RATIO_RANGES[v?.toLowerCase() ?? 'all'] ?? ASPECT_RATIO_RANGES.all!),
  `Aspect ratio range: ${Object.keys(ASPECT_RATIO_RANGES).join(', ')} (default all); an unknown value is ignored.`,
);

/** `searchfilter`: `sticker` lists stickers, `static` still images (none here); other items are ignored. */
const searchFilter = described(
  z
    .string()
    .optional()
    .transform((v) => {
      const asked = new Set(items(v ?? ''));
      return { sticker: asked.has('sticker'), staticOnly: asked.has('static') && !asked.has('-static') };
    }),
  `Comma-separated: ${SEARCH_FILTERS.join(', ')}. sticker lists stickers; static asks for still images, of which there are none here; other items are ignored.`,
);

/** `random`: `true`/`false` in any case (Python's requests sends `True`), or 1/0. */
const random = described(
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['true', 'false', '1', '0'], { error: 'random must be true or false' }))
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  'true shuffles the page (not cached).',
);

/** What every call may carry: the app's own key for its integration and its market, accepted and not acted on. */
const common = {
  client_key: described(z.string().optional(), "Your integration's name; accepted, not acted on."),
  country: described(
    z
      .string()
      .optional()
      .transform((v) => (v && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : undefined)),
    'ISO 3166-1 country code (default US); accepted, not acted on.',
  ),
  locale,
};

const listing = {
  ...common,
  contentfilter: contentFilter,
  media_filter: mediaFilter,
  ar_range: aspectRange,
  limit: described(
    intParam('limit', 1, TENOR_MAX_LIMIT, TENOR_DEFAULT_LIMIT),
    `Results per page, 1 to ${TENOR_MAX_LIMIT} (default ${TENOR_DEFAULT_LIMIT}).`,
  ),
  pos,
  searchfilter: searchFilter,
  random,
};

const termsLimit = (fallback: number) =>
  described(intParam('limit', 1, TENOR_TERMS_MAX_LIMIT, fallback), `Terms to answer, 1 to ${TENOR_TERMS_MAX_LIMIT} (default ${fallback}).`);
const q = described(query, 'The search as the user typed it.');

export const SearchQuery = z.object({ q, ...listing });
export const FeaturedQuery = z.object(listing);
export const CategoriesQuery = z.object({
  ...common,
  type: described(
    z
      .string()
      .optional()
      .transform((v) => (v?.toLowerCase() === 'trending' ? 'trending' : 'featured')),
    'featured (default) or trending; an unknown value is featured.',
  ),
  contentfilter: contentFilter,
});
export const SuggestionsQuery = z.object({ q, ...common, limit: termsLimit(TENOR_SUGGESTIONS_DEFAULT_LIMIT) });
export const AutocompleteQuery = z.object({ q, ...common, limit: termsLimit(TENOR_TERMS_DEFAULT_LIMIT) });
export const TrendingTermsQuery = z.object({ ...common, limit: termsLimit(TENOR_TERMS_DEFAULT_LIMIT) });
export const RegisterShareQuery = z.object({
  id: described(gifId, 'The id of the result the user shared.'),
  q: described(query.optional(), 'The search that led to the share.'),
  ...common,
});
export const PostsQuery = z.object({
  ids: described(
    z
      .string({ error: 'ids is required' })
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(gifId).min(1, 'ids must list at least one id').max(TENOR_MAX_IDS, `ids may list at most ${TENOR_MAX_IDS} ids`)),
    `Comma-separated result ids, at most ${TENOR_MAX_IDS}.`,
  ),
  media_filter: mediaFilter,
  ...common,
});
