import type { Rating } from '../store/schema.ts';

/**
 * Where the Tenor-compatible API lives: an app that called `https://tenor.googleapis.com/v2/…`
 * repoints its base URL to `{origin}/tenor/v2/`. A prefix of its own keeps GIPHY's `/v2/` calls
 * (emoji, the collector) where GIPHY's clients expect them.
 */
export const TENOR_BASE_PATH = '/tenor/v2';

/** Tenor's page size: 20 by default, at most 50. */
export const TENOR_DEFAULT_LIMIT = 20;
export const TENOR_MAX_LIMIT = 50;
/** `posts?ids=`: at most 50 ids, as Tenor. */
export const TENOR_MAX_IDS = 50;
/** Autocomplete and trending terms answer 20 strings by default, search suggestions 8 (Tenor's defaults); at most 50. */
export const TENOR_TERMS_DEFAULT_LIMIT = 20;
export const TENOR_SUGGESTIONS_DEFAULT_LIMIT = 8;
export const TENOR_TERMS_MAX_LIMIT = 50;

/**
 * `contentfilter` to the most mature rating it lets through (Tenor's default is `off`). The one
 * enumeration still refused when unknown: ignoring it would widen what an app asked to narrow.
 */
export const CONTENT_FILTER_RATINGS: Readonly<Record<string, Rating>> = { off: 'r', low: 'pg-13', medium: 'pg', high: 'g' };
export const CONTENT_FILTERS = Object.keys(CONTENT_FILTER_RATINGS) as [string, ...string[]];

/** `ar_range`: the width/height ratios each keeps (Tenor: all, wide 0.42–2.36, standard 0.56–1.78). */
export const ASPECT_RATIO_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  all: [0, Number.POSITIVE_INFINITY],
  wide: [0.42, 2.36],
  standard: [0.56, 1.78],
};

/**
 * `searchfilter`'s documented items: `sticker` asks for stickers instead of GIFs; `static` for still
 * images only, of which there are none here (every item is animated), so it finds nothing; `-static`
 * (no still images) changes nothing. Other items are ignored.
 */
export const SEARCH_FILTERS = ['sticker', 'static', '-static'] as const;

/** The share event `registershare` logs, beside the site's own share actions. */
export const TENOR_SHARE_ACTION = 'share';
