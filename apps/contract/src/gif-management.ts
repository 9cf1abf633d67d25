import { CONTENT_STATES } from '@loopbox/pages';
import { z } from 'zod';
import { Cta, enveloped, Gif, Meta, Pagination, RATINGS, Timestamp, VISIBILITIES, type Wire } from './common.ts';
import { UPLOAD_ORIGINS } from './uploads.ts';

export { VISIBILITIES, type Visibility } from './common.ts';

/** Managing GIFs: SPEC 7.2's /ajax/gif… and /ajax/tags… calls, the dashboard's My GIFs and a GIF's daily figures. */

/** What `POST /ajax/gif/update` may change: its `key` must be one of these. */
export const UPDATE_KEYS = [
  'title',
  'alt_text',
  'tags',
  'rating',
  'source_post_url',
  'visibility',
  'is_sticker',
  'external_media',
] as const;
export type UpdateKey = (typeof UPDATE_KEYS)[number];

/** What `POST /ajax/gif/{id}/analytic/{type}/` counts: things people do with a GIF beyond seeing it. */
export const GIF_ACTIONS = [
  'download',
  'copy_link',
  'copy_embed',
  'share',
  'share_facebook',
  'share_twitter',
  'share_pinterest',
  'share_email',
] as const;
export type GifAction = (typeof GIF_ACTIONS)[number];

/** Languages language tags may be in (ISO 639-1); `en` is what a GIF's own tags are. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'sv', 'pl', 'tr', 'ru', 'ar', 'hi', 'ja', 'ko', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const BASE_LANGUAGE = 'en' satisfies Language;

const count = z.number().int().min(0);
const perAction = <T extends z.ZodType>(value: T) => Object.fromEntries(GIF_ACTIONS.map((a) => [a, value])) as Record<GifAction, T>;

/** A GIF's tags in other languages: language → tags, alphabetical. */
export const LanguageTags = z.partialRecord(z.enum(LANGUAGES), z.array(z.string()));
export type LanguageTags = Wire<typeof LanguageTags>;

/** A YouTube or Vimeo video attached to a GIF (SPEC 3). */
export const ExternalMedia = z.strictObject({
  provider_name: z.enum(['YouTube', 'Vimeo']),
  asset_uid: z.string(),
  /** Seconds into the video. */
  start: z.number().int().min(0),
  url: z.string(),
});

/** `GET /ajax/gifs/metadata`: what a GIF says of itself. */
export const GifMetadata = z.strictObject({
  id: z.string(),
  type: Gif.shape.type,
  title: z.string(),
  alt_text: z.string(),
  tags: z.array(z.string()),
  rating: z.enum(RATINGS),
  visibility: z.enum(VISIBILITIES),
  source_post_url: z.string(),
  /** '' for a GIF without a public author. */
  username: z.string(),
  create_datetime: Timestamp,
  update_datetime: Timestamp,
});
export type GifMetadata = Wire<typeof GifMetadata>;

/** `GET /ajax/gifs/extended-metadata`: the metadata with its size, figures and the upload it came from. */
export const GifExtendedMetadata = GifMetadata.extend({
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  frames: z.number().int().min(0),
  /** Seconds, for a clip kept as video. */
  duration: z.number().nullable(),
  cta: Cta.nullable(),
  language_tags: LanguageTags,
  /** Views and clicks, and each action counted at least once. */
  counts: z.strictObject({ views: count, clicks: count, ...perAction(count.optional()) }),
  /** `null` for a GIF that was not uploaded here (the seeded corpus). */
  upload: z.strictObject({ origin: z.enum(UPLOAD_ORIGINS), filename: z.string(), size: count }).nullable(),
});
export type GifExtendedMetadata = Wire<typeof GifExtendedMetadata>;

/** A rendition as My GIFs reads it: GIPHY's strings, any of them absent for some renditions. */
const Rendition = z.looseObject({ url: z.string().optional(), width: z.string().optional(), height: z.string().optional() });

/** A GIF in My GIFs: GIPHY's object plus what only its owner sees. */
export const MyGif = Gif.extend({
  tags: z.array(z.string()),
  rating: z.enum(RATINGS),
  source_post_url: z.string(),
  /** GIPHY's flag: 1 for a sticker (or emoji, text). */
  is_sticker: z.union([z.literal(0), z.literal(1)]),
  images: z.record(z.string(), Rendition),
  external_media: ExternalMedia.optional(),
  visibility: z.enum(VISIBILITIES),
  /** Its state under the content policy, and why others cannot see it as its owner does (`null` when they can). */
  state: z.enum(CONTENT_STATES),
  notice: z.string().nullable(),
  tombstone: z.literal(false),
  cta: Cta.nullable(),
  language_tags: LanguageTags,
});
export type MyGif = Wire<typeof MyGif>;

/** A GIF removed by the moderators or taken down: what it was called and why it is gone, never its media. */
export const MyGifTombstone = z.strictObject({
  id: z.string(),
  type: Gif.shape.type,
  title: z.string(),
  state: z.enum(['removed', 'taken_down']),
  notice: z.string().nullable(),
  visibility: z.enum(VISIBILITIES),
  tombstone: z.literal(true),
  removed_at: Timestamp.nullable(),
  create_datetime: Timestamp,
});
export type MyGifTombstone = Wire<typeof MyGifTombstone>;

export const MyGifsEntry = z.discriminatedUnion('tombstone', [MyGif, MyGifTombstone]);
export type MyGifsEntry = Wire<typeof MyGifsEntry>;

/** A page of My GIFs, always with the total. */
export const MyGifsAnswer = z.strictObject({
  data: z.array(MyGifsEntry),
  pagination: Pagination.extend({ total_count: count }),
  meta: Meta,
});
export type MyGifsPage = Wire<typeof MyGifsAnswer>;

/** One UTC day of a GIF's figures: views, clicks, hovers, starts and every counted action, 0 when none. */
export const GifDay = z.strictObject({
  date: z.iso.date(),
  views: count,
  clicks: count,
  hovers: count,
  starts: count,
  ...perAction(count),
});
export type GifDay = Wire<typeof GifDay>;

/** `GET /api/v1/analytics/gif-series/`: answered as it is, without GIPHY's envelope (as the other analytics routes). */
export const GifSeries = z.strictObject({
  gif_id: z.string(),
  days: z.number().int().min(1),
  from: z.iso.date(),
  to: z.iso.date(),
  daily: z.array(GifDay),
  /** The searches that showed it, most views first. */
  top_searches: z.array(z.strictObject({ term: z.string(), count })),
});
export type GifSeries = Wire<typeof GifSeries>;

export const GifActionCountedAnswer = enveloped(
  z.strictObject({ gif_id: z.string(), action: z.enum(GIF_ACTIONS), counted: z.literal(true) }),
);
export const GifMailedAnswer = enveloped(z.strictObject({ gif_id: z.string(), sent: z.literal(true) }));
export const GifMetadataAnswer = enveloped(z.array(GifMetadata));
export const GifExtendedMetadataAnswer = enveloped(z.array(GifExtendedMetadata));
/** How many visible GIFs carry each of a GIF's tags, in the GIF's order. */
export const TagCountsAnswer = enveloped(z.array(z.strictObject({ tag: z.string(), count })));
export const RelatedTagsAnswer = enveloped(
  z.array(z.strictObject({ name: z.string(), name_encoded: z.string(), count, response_id: z.string() })),
);
/** The keys a change set named, whether or not their values differed. */
export const GifChangedAnswer = enveloped(z.strictObject({ gif_id: z.string(), changed: z.array(z.enum(UPDATE_KEYS)) }));
export const GifRemovedAnswer = enveloped(z.strictObject({ gif_id: z.string(), removed: z.literal(true) }));
export const GifsChangedAnswer = enveloped(z.strictObject({ gif_ids: z.array(z.string()), changed: count }));
export const LanguageTagsAddedAnswer = enveloped(
  z.strictObject({
    gif_id: z.string(),
    lang: z.enum(LANGUAGES),
    /** The tags that were new; those the GIF had already are not repeated. */
    added: z.array(z.string()),
    language_tags: LanguageTags,
  }),
);
export const LanguageTagRemovedAnswer = enveloped(
  z.strictObject({ gif_id: z.string(), lang: z.enum(LANGUAGES), tag: z.string(), removed: z.boolean() }),
);
export const LanguageTagsOfGifsAnswer = enveloped(
  z.strictObject({ languages: z.array(z.enum(LANGUAGES)), gifs: z.record(z.string(), LanguageTags) }),
);
export const TagTranslationsAnswer = enveloped(
  z.strictObject({ gif_id: z.string(), lang: z.literal(BASE_LANGUAGE), tags: z.array(z.string()), translations: LanguageTags }),
);
