import type { Rating } from '../store/schema.ts';

/** GIPHY's documented limits and defaults, kept here so the API and its tests agree on them. */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 50;
export const MAX_OFFSET = 4999;
export const MAX_QUERY_LENGTH = 50;
export const MAX_IDS = 100;
export const DEFAULT_RATING: Rating = 'pg-13';
/** Ordered from most to least family-friendly: a request for rating R returns everything up to R. */
export const RATINGS: readonly Rating[] = ['g', 'pg', 'pg-13', 'r'];
export const CONTENT_TYPES = ['gifs', 'stickers', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const DEFAULT_RELATED_TAGS_LIMIT = 25;
export const CTA_TEXT_MAX = 40;
/**
 * What could be a GIF id: anything else is a 400, while an id of this shape that names no GIF is a
 * 404 (GIPHY's own clients tell the two apart by status).
 */
export const GIF_ID_PATTERN = /^[^\s\u0000-\u001F\u007F/?#%]{1,64}$/u;
/** Bytes of ready-to-send wire objects (UTF-8) a process keeps: about 6,000 GIFs at 5.4 KB each (24 renditions). */
export const WIRE_TEXTS_MAX_BYTES = 32_000_000;
/** Pages a process keeps while the store reports no change (Store.contentChanges): checked wire sources, kept trending pages. */
export const CHECKED_PAGES_MAX = 5_000;
