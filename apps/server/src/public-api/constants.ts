import type { Rating } from '../store/schema.ts';

/** GIPHY's documented limits and defaults, kept here so the API and its tests agree on them. */
export const MAX_QUERY_LENGTH = 50;
export const DEFAULT_RATING: Rating = 'pg-13';
/** Ordered from most to least family-friendly: a request for rating R returns everything up to R. */
export { RATINGS } from '@loopbox/contract/common';
export const CONTENT_TYPES = ['gifs', 'stickers', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const DEFAULT_RELATED_TAGS_LIMIT = 25;
export const CTA_TEXT_MAX = 40;
/** Bytes of ready-to-send wire objects (UTF-8) a process keeps: about 6,000 GIFs at 5.4 KB each (24 renditions). */
export const WIRE_TEXTS_MAX_BYTES = 32_000_000;
/** Pages a process keeps while the store reports no change (Store.contentChanges): kept trending and related pages. */
export const CHECKED_PAGES_MAX = 5_000;
/** GIFs whose checked wire source (per scope: listings, by id) a process keeps while the store reports no change. */
export const CHECKED_SOURCES_MAX = 100_000;
/** Bytes of a `random_id` from GET /v1/randomid (GIPHY's are 32 hex characters). */
export const RANDOM_ID_BYTES = 16;
/** translate's `weirdness`: 0 picks the best match; each step reaches this many matches further down the ranking. */
export const MAX_WEIRDNESS = 10;
export const WEIRDNESS_REACH = 4;
/**
 * GIPHY's renditions-on-demand bundles (developers.giphy.com, Renditions on Demand): the renditions
 * each keeps in `images` and, for the clips bundle, the `video.assets` it keeps (the others leave a
 * clip's video as it is). Any other rendition is left out.
 */
export const RENDITION_BUNDLES: Readonly<Record<string, { images: readonly string[]; assets?: readonly string[] }>> = {
  messaging_non_clips: {
    images: [
      'original',
      'original_still',
      'fixed_width',
      'fixed_width_still',
      'fixed_width_small',
      'fixed_height',
      'fixed_height_still',
      'fixed_height_small',
      'preview_gif',
    ],
  },
  clips_grid_picker: { images: ['original', 'fixed_width'], assets: ['360p', '480p', '720p', '1080p'] },
  sticker_layering: { images: ['original', 'fixed_width', 'fixed_width_small', 'fixed_height', 'fixed_height_small'] },
  low_bandwidth: {
    images: [
      'fixed_width_small',
      'fixed_width_small_still',
      'fixed_height_small',
      'fixed_height_small_still',
      'fixed_width_downsampled',
      'fixed_height_downsampled',
      'preview_gif',
      'preview_webp',
      'downsized_small',
    ],
  },
};
export const RENDITION_BUNDLE_NAMES = Object.keys(RENDITION_BUNDLES) as [string, ...string[]];
/** Paths `fields=` may list at most (GIPHY names no limit; every field of a GIF is far fewer). */
export const MAX_FIELDS = 50;
/** Trimmed shapes (`fields`/`bundle` asked) kept beside each GIF's wire text; others are trimmed per answer. */
export const TRIMMED_SHAPES_PER_GIF = 8;
