import { MAX_LIMIT, MAX_OFFSET } from '../http/params.ts';
import type { GifType } from '../store/schema.ts';

/**
 * The read path's bounds (docs/decisions.md, "The public read path at scale"). No public call can
 * page past MAX_OFFSET + MAX_LIMIT, so a ranking or an order never needs more positions than that.
 */
export const READ_POSITIONS = MAX_OFFSET + MAX_LIMIT;

/** A search ranks at most this many matches (found by the cheapest plan); more matches than that get an estimated total. */
export const SEARCH_CANDIDATES = READ_POSITIONS;
/** A term's ranked ids are kept this long per process (and dropped sooner when any GIF changes). */
export const SEARCH_RESULTS_TTL_MS = 60_000;
/** The kept rankings hold at most this many ids in all (about 40 bytes each). */
export const SEARCH_RESULTS_MAX_IDS = 1_000_000;
/** How often a process reads the store's content version (bumped by every change to `gifs`). */
export const CONTENT_VERSION_REFRESH_MS = 1_000;

/** The content lists trending is asked for (public-api STORED_TYPES), kept in order per rating. */
export const TRENDING_LISTS: readonly (readonly GifType[])[] = [['gif'], ['sticker', 'emoji'], ['text']];
/** Positions of a kept trending list read and kept together where the store reports changes: a page is a slice of one or two. */
export const TRENDING_BLOCK = 100;
/** A kept list behind the scores alone is rebuilt at most this often. */
export const TRENDING_ORDER_MIN_INTERVAL_MS = 10_000;
/**
 * The longest trending search terms are kept while nothing they are read from changes (the embedded
 * store's change counts): their searchers' window moves on with time alone, and seconds of lag
 * change no list a person could see, as for the trending order.
 */
export const TRENDING_TERMS_KEPT_MS = 10_000;
/** Answers of trending search terms kept: one per `limit` asked, 1 to MAX_LIMIT, and the next window's. */
export const TRENDING_TERMS_KEPT_MAX = 128;
/** A kept list is rebuilt at least this often even when nothing is known to have changed. */
export const TRENDING_ORDER_MAX_AGE_MS = 10 * 60_000;
