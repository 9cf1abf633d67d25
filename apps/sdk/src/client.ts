import { buildApiUrl, pathSegment, resolveApiBase, withApiVersion, type QueryParams } from './api-url.ts';
import { ResponseCache, type CacheStore } from './cache.ts';
import {
  CHANNEL_SEARCH_PREFIX,
  DEFAULT_API_VERSION,
  DEFAULT_MEDIA_TYPE,
  DEFAULT_RATING,
  EMOJI_V2_API_VERSION,
  MALFORMED_RESPONSE_MESSAGE,
} from './constants.ts';
import { createLogger, isDebugEnabled, type Logger } from './debug.ts';
import { pageApiBase, pageLocation, platformFetch, platformRandomUUID, sessionStorageOrNull } from './environment.ts';
import { createFetchError } from './errors.ts';
import { getPingbackId, type KeyValueStorage } from './pingback-id.ts';
import { fetchEnvelope, type FetchLike } from './request.ts';
import {
  toCategoriesResult,
  toChannelsResult,
  toCursorGifsResult,
  toGifResult,
  toGifsResult,
  toNonPaginatedGifsResult,
  toTagsResult,
  toTrendingSearchesResult,
} from './results.ts';
import { createSdkHeaders, type SdkHeaders } from './sdk-headers.ts';
import type {
  CategoriesResult,
  ChannelsResult,
  ChannelsSearchOptions,
  CursorGifsResult,
  GifResult,
  GifsResult,
  NonPaginatedGifsResult,
  PaginationOptions,
  Rating,
  RandomOptions,
  RelatedOptions,
  SearchOptions,
  TagsResult,
  TrendingOptions,
  TrendingSearchesResult,
} from './types.ts';
import type { WireEnvelope } from './wire-types.ts';

export interface LoopboxFetchOptions {
  /**
   * API base, e.g. `http://127.0.0.1:1234/v1/`. Default: `globalThis.LOOPBOX_CONFIG.apiBase`
   * when the page sets it, else same-origin `/v1/`. Version-2 calls rewrite its `/v1/` to `/v2/`.
   */
  baseUrl?: string;
  /** Extra query parameters sent with every call; a call's own options take precedence. */
  qsParams?: QueryParams;
  /** Rating of search, trending, random, related and channel search when a call gives none. */
  rating?: Rating;
  /** Fetch implementation; default the platform's fetch. */
  fetch?: FetchLike;
  /** Response cache store; default a bounded in-memory store owned by this client. */
  cache?: CacheStore<WireEnvelope>;
  /** Where the pingback id is kept; default sessionStorage when available. */
  storage?: KeyValueStorage | null;
  /** Overrides of the SDK identification headers (e.g. a widget's own SDK name). */
  sdkHeaders?: Partial<SdkHeaders>;
  /** Clock in milliseconds for the cache and the pingback id; default Date.now. */
  now?: () => number;
  /** Turns the debug logger on (it is also on for local hosts and with ?debug=true). */
  debug?: boolean;
  /** Logger replacing the built-in debug logger. */
  logger?: Logger;
}

interface CallOptions {
  apiVersion?: number;
  /** Bypass the cache entirely (random). */
  noCache?: boolean;
}

/**
 * The provider client: one method per call of SPEC 7.6, GIPHY's GiphyFetch surface. Every
 * request carries api_key and pingback_id and the SDK headers; responses are cached (SPEC 9)
 * and normalised (SPEC 3); every failure is a FetchError (SPEC 8).
 */
export class LoopboxFetch {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #qsParams: QueryParams;
  readonly #rating: Rating;
  readonly #fetch: FetchLike;
  readonly #cache: ResponseCache<WireEnvelope>;
  readonly #storage: KeyValueStorage | null;
  readonly #now: () => number;
  readonly #logger: Logger;
  readonly #sdkHeaders: SdkHeaders;
  #pingbackId: string | undefined;

  constructor(apiKey: string, options: LoopboxFetchOptions = {}) {
    this.#apiKey = apiKey;
    this.#baseUrl = resolveApiBase(options.baseUrl, pageApiBase());
    this.#qsParams = options.qsParams ?? {};
    this.#rating = options.rating ?? DEFAULT_RATING;
    this.#fetch = options.fetch ?? platformFetch;
    this.#storage = options.storage === undefined ? sessionStorageOrNull() : options.storage;
    this.#now = options.now ?? (() => Date.now());
    this.#logger = options.logger ?? createLogger(isDebugEnabled({ debug: options.debug, location: pageLocation() }));
    this.#cache = new ResponseCache({ store: options.cache, now: this.#now, logger: this.#logger });
    this.#sdkHeaders = createSdkHeaders(options.sdkHeaders);
  }

  /** The API base this client calls (version 1 calls). */
  get baseUrl(): string {
    return this.#baseUrl;
  }

  /** The session's pingback id, sent with every request (also for the pingback layer). */
  get pingbackId(): string {
    this.#pingbackId ??= getPingbackId({
      storage: this.#storage,
      now: this.#now,
      randomUUID: platformRandomUUID(),
    });
    return this.#pingbackId;
  }

  /** The SDK identification headers sent with every request (a copy). */
  get sdkHeaders(): SdkHeaders {
    return { ...this.#sdkHeaders };
  }

  /** gifs/categories */
  categories(options: PaginationOptions = {}): Promise<CategoriesResult> {
    return this.#get('gifs/categories', { ...options }, toCategoriesResult);
  }

  /** gifs/categories/{category} */
  subcategories(category: string, options: PaginationOptions = {}): Promise<CategoriesResult> {
    return this.#get(`gifs/categories/${pathSegment(category)}`, { ...options }, toCategoriesResult);
  }

  /** gifs/{id} */
  gif(id: string): Promise<GifResult> {
    return this.#get(`gifs/${pathSegment(id)}`, {}, toGifResult);
  }

  /** gifs?ids=a,b,c */
  gifs(ids: readonly string[]): Promise<GifsResult>;
  /** gifs/categories/{category}/{subcategory}, paged by `options`. */
  gifs(category: string, subcategory: string, options?: PaginationOptions): Promise<GifsResult>;
  gifs(idsOrCategory: readonly string[] | string, subcategory = '', options: PaginationOptions = {}): Promise<GifsResult> {
    if (typeof idsOrCategory === 'string') {
      const path = `gifs/categories/${pathSegment(idsOrCategory)}/${pathSegment(subcategory)}`;
      return this.#get(path, { ...options }, toGifsResult);
    }
    return this.#get('gifs', { ids: idsOrCategory.join(',') }, toGifsResult);
  }

  /** emoji (version 1) */
  emoji(options: PaginationOptions = {}): Promise<GifsResult> {
    return this.#get('emoji', { ...options }, toGifsResult);
  }

  /** emoji (version 2): the default variation of every emoji, cursor-paginated. */
  emojiDefaultVariations(options: PaginationOptions = {}): Promise<CursorGifsResult> {
    return this.#get('emoji', { ...options }, toCursorGifsResult, { apiVersion: EMOJI_V2_API_VERSION });
  }

  /** emoji/{id}/variations (version 2) */
  emojiVariations(id: string): Promise<NonPaginatedGifsResult> {
    return this.#get(`emoji/${pathSegment(id)}/variations`, {}, toNonPaginatedGifsResult, {
      apiVersion: EMOJI_V2_API_VERSION,
    });
  }

  /** text/animate?m={text} */
  animate(text: string, options: PaginationOptions = {}): Promise<GifsResult> {
    return this.#get('text/animate', { ...options, m: text }, toGifsResult);
  }

  /** {type}/search?q={term}; `channel` searches within a channel (`@channel term`). */
  search(term: string, options: SearchOptions = {}): Promise<GifsResult> {
    const { type = DEFAULT_MEDIA_TYPE, channel, rating = this.#rating, countOnly, ...rest } = options;
    const q = channel ? `${CHANNEL_SEARCH_PREFIX}${channel} ${term}` : term;
    const excludeDynamicResults = type === 'text' ? true : undefined;
    const count_only = countOnly ? true : undefined;
    return this.#get(`${type}/search`, { ...rest, rating, q, excludeDynamicResults, count_only }, toGifsResult);
  }

  /** {type}/trending */
  trending(options: TrendingOptions = {}): Promise<GifsResult> {
    const { type = DEFAULT_MEDIA_TYPE, rating = this.#rating, ...rest } = options;
    return this.#get(`${type}/trending`, { ...rest, rating }, toGifsResult);
  }

  /** {type}/random: one item, never cached. */
  random(options: RandomOptions = {}): Promise<GifResult> {
    const { type = DEFAULT_MEDIA_TYPE, rating = this.#rating, ...rest } = options;
    return this.#get(`${type}/random`, { ...rest, rating }, toGifResult, { noCache: true });
  }

  /** {type}/related?gif_id={id} */
  related(id: string, options: RelatedOptions = {}): Promise<GifsResult> {
    const { type = DEFAULT_MEDIA_TYPE, rating = this.#rating, ...rest } = options;
    return this.#get(`${type}/related`, { ...rest, rating, gif_id: id }, toGifsResult);
  }

  /** channels/search?q={term} */
  searchChannels(term: string, options: ChannelsSearchOptions = {}): Promise<ChannelsResult> {
    const { rating = this.#rating, ...rest } = options;
    return this.#get('channels/search', { ...rest, rating, q: term }, toChannelsResult);
  }

  /** trending/searches */
  trendingSearches(): Promise<TrendingSearchesResult> {
    return this.#get('trending/searches', {}, toTrendingSearchesResult);
  }

  /** gifs/search/tags?q={prefix}: tag completion, most used first (SPEC 7.1). */
  searchTags(prefix: string, options: PaginationOptions = {}): Promise<TagsResult> {
    return this.#get('gifs/search/tags', { ...options, q: prefix }, toTagsResult);
  }

  /** tags/related/{tag}: tags used together with it (SPEC 7.1); `score` adds each one's share. */
  relatedTags(tag: string, options: { limit?: number; score?: boolean } = {}): Promise<TagsResult> {
    return this.#get(`tags/related/${pathSegment(tag)}`, { ...options }, toTagsResult);
  }

  async #get<T>(
    path: string,
    params: QueryParams,
    toResult: (envelope: WireEnvelope) => T,
    { apiVersion = DEFAULT_API_VERSION, noCache = false }: CallOptions = {},
  ): Promise<T> {
    const url = buildApiUrl(withApiVersion(this.#baseUrl, apiVersion), path, {
      ...this.#qsParams,
      ...params,
      api_key: this.#apiKey,
      pingback_id: this.pingbackId,
    });
    const load = () => {
      this.#logger.debug('GET', url);
      return fetchEnvelope(url, this.#fetch, this.#sdkHeaders);
    };
    const envelope = await (noCache ? load() : this.#cache.get(url, load));
    try {
      return toResult(envelope);
    } catch (cause) {
      const { status, msg } = envelope.meta;
      throw createFetchError(MALFORMED_RESPONSE_MESSAGE, url, status, msg, { cause });
    }
  }
}
