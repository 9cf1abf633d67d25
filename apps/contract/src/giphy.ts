import { z } from 'zod';
import { User } from './accounts.ts';
import { Cta, enveloped, Gif, paged, type Wire } from './common.ts';

/**
 * The GIPHY-compatible public API's answers (/v1, /v2): GIPHY's shapes. GIPHY's own objects (a GIF,
 * a user, a channel) are loose, naming the fields clients read; the envelopes and the small objects
 * this server writes in full are strict.
 */

/** The credit of a GIF made in the GIF maker from another (`source_gif`), while anyone may open the source. */
export const SourceGif = z.strictObject({
  id: z.string(),
  /** The source GIF's page. */
  url: z.string(),
  title: z.string(),
  /** The source's author, when public ('' otherwise). */
  username: z.string(),
  /** The author's profile page ('' when there is no public author). */
  profile_url: z.string(),
});
export type SourceGif = Wire<typeof SourceGif>;

/**
 * A GIF of a /v1 answer: GIPHY's `Gif`, with what this server adds to some. An answer a call's
 * `fields` or `bundle` trimmed (`fields=id,images.original`) is what the caller asked for, and not
 * checked against it (http/answer-check.ts).
 */
export const AnsweredGif = Gif.extend({ source_gif: SourceGif.optional(), cta: Cta.optional() });

export const GifPage = paged(AnsweredGif);
export const OneGif = enveloped(AnsweredGif);
/** GIFs without paging (an emoji's variations). */
export const GifList = enveloped(z.array(AnsweredGif));
/** `{type}/random`: one GIF, or GIPHY's empty `data: []` when nothing matches. */
export const RandomGif = enveloped(z.union([AnsweredGif, z.tuple([])]));

/** An emoji of the emoji listings: how many variations (skin tones…) it has beside it. */
export const EmojiPage = paged(AnsweredGif.extend({ variation_count: z.number().int().min(0).optional() }));

const CategoryName = { name: z.string(), name_encoded: z.string() };
export const Category = z.strictObject({
  ...CategoryName,
  /** On `gifs/categories` only. */
  subcategories: z.array(z.strictObject(CategoryName)).optional(),
  /** The GIF it is shown with, when it has one. */
  gif: Gif.optional(),
});
export type Category = Wire<typeof Category>;
export const CategoryPage = paged(Category);

/** A tag as GIPHY's tag listings answer it; `score` (its share of the GIFs) only when asked. */
export const Tag = z.strictObject({
  name: z.string(),
  name_encoded: z.string(),
  analytics_response_payload: z.string(),
  score: z.number().min(0).optional(),
});
export type Tag = Wire<typeof Tag>;
export const TagPage = paged(Tag);

/** GIPHY's channel object. */
export const Channel = z.looseObject({
  id: z.number().int(),
  url: z.string(),
  display_name: z.string(),
  slug: z.string(),
  type: z.string(),
  user: User.optional(),
  featured_gif: Gif.nullable(),
  analytics_response_payload: z.string(),
});
export const ChannelPage = paged(Channel);

export const TrendingTerms = enveloped(z.array(z.string()));

/** `gifs/{id}/associations`: a GIF's tags, its channels and its creator (null when not public). */
export const Associations = enveloped(
  z.strictObject({
    tags: z.array(Tag),
    featured_tags: z.array(z.string()),
    channels: z.array(z.strictObject({ id: z.number().int(), slug: z.string(), display_name: z.string(), url: z.string() })),
    user: User.nullable(),
  }),
);

export const RandomId = enveloped(z.strictObject({ random_id: z.string().regex(/^[0-9a-f]{32}$/) }));

/** `PUT gifs/{id}/cta` sets it; `DELETE` answers `cta: null`. */
export const CtaSet = enveloped(z.strictObject({ id: z.string(), cta: Cta }));
export const CtaRemoved = enveloped(z.strictObject({ id: z.string(), cta: z.null() }));
