import { z } from 'zod';

/** The Tenor-compatible API's answers (/tenor/v2): Tenor's shapes, its objects loose, the envelopes strict. */

/** One media format of a result (Tenor's `media_formats` entry). */
export const TenorMedia = z.looseObject({
  url: z.string(),
  /** [width, height] in pixels. */
  dims: z.tuple([z.number().int(), z.number().int()]),
  /** Seconds; 0 for images. */
  duration: z.number().min(0),
  /** A still of the same size ('' when there is none). */
  preview: z.string(),
  size: z.number().int().min(0),
});

/** Tenor's response object: one GIF. */
export const TenorResult = z.looseObject({
  id: z.string(),
  title: z.string(),
  media_formats: z.record(z.string(), TenorMedia),
  /** Seconds since the epoch. */
  created: z.number(),
  content_description: z.string(),
  itemurl: z.string(),
  url: z.string(),
  tags: z.array(z.string()),
  flags: z.array(z.string()),
  hasaudio: z.boolean(),
});

/** search, featured and posts: the results and `next`, the `pos` of the next page ('' at the end). */
export const TenorResults = z.strictObject({ results: z.array(TenorResult), next: z.string() });

/** categories: each with the search it stands for and an image. */
export const TenorCategories = z.strictObject({
  locale: z.string(),
  tags: z.array(z.strictObject({ searchterm: z.string(), path: z.string(), image: z.string(), name: z.string() })),
});

/** search_suggestions, autocomplete and trending_terms: terms as strings. */
export const TenorTerms = z.strictObject({ locale: z.string(), results: z.array(z.string()) });

export const TenorShareRegistered = z.strictObject({ status: z.literal('ok') });
