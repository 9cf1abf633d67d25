import { z } from 'zod';

/**
 * A moment: an ISO 8601 string in the JSON, a `Date` where the server builds the answer. Each schema
 * therefore has two types: `Wire<S>`, what a client reads, and `Built<S>`, what a handler returns.
 */
export const Timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An answer as the JSON carries it: what the web app and other clients read. */
export type Wire<S extends z.ZodType> = z.input<S>;
/** An answer as a handler builds it, before `c.json` serialises it: timestamps are `Date`s. */
export type Built<S extends z.ZodType> = z.output<S>;

export const Meta = z.strictObject({ status: z.number().int(), msg: z.string(), response_id: z.string() });

export const Pagination = z.strictObject({
  total_count: z.number().int().min(0).optional(),
  count: z.number().int().min(0),
  offset: z.number().int().min(0),
  next_cursor: z.number().int().optional(),
});

/** GIPHY's envelope around every answer's `data` (`{data, meta}`). */
export const enveloped = <T extends z.ZodType>(data: T) => z.strictObject({ data, meta: Meta });

/** The pagination of a list that always counts itself (`total_count` present). */
export const CountedPagination = Pagination.required({ total_count: true });

/** The envelope of a page: `{data: [...], pagination, meta}`. */
export const paged = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), pagination: Pagination, meta: Meta });

/** A page of a list that always counts itself. */
export const countedPage = <T extends z.ZodType>(item: T) =>
  z.strictObject({ data: z.array(item), pagination: CountedPagination, meta: Meta });

/** An answer that says only that the call did what it asked (`{data: {}}` or a flag). */
export const Done = enveloped(z.strictObject({}));

/**
 * A GIF as GIPHY's API answers it. GIPHY owns this shape and its many renditions (`@giphy/js-types`'
 * IGif); the contract names the fields clients read and lets the rest through.
 */
export const Gif = z.looseObject({
  type: z.enum(['gif', 'sticker', 'video', 'emoji', 'text']),
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  rating: z.string(),
  images: z.record(z.string(), z.looseObject({})),
});

export { RATINGS, type Rating } from './ratings.ts';

/** What a GIF's owner chose: everywhere, by its link only, only themself; `scheduled` is private until its post's time. */
export const VISIBILITIES = ['public', 'unlisted', 'private', 'scheduled'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** A GIF's call to action (SPEC 5). */
export const Cta = z.strictObject({ link: z.string(), text: z.string() });
export type Cta = Wire<typeof Cta>;
