import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryCacheStore } from './cache.ts';
import { LoopboxFetch, type LoopboxFetchOptions } from './client.ts';
import { CACHE_TTL_MS, ERROR_CACHE_TTL_MS, LIBRARY_NAME, PINGBACK_ID_STORAGE_KEY } from './constants.ts';
import { FetchError } from './errors.ts';
import { createSdkHeaders } from './sdk-headers.ts';
import { envelope, jsonResponse, memoryStorage, recordingFetch } from './testing/recording-fetch.ts';
import type { WireEnvelope } from './wire-types.ts';

const API_KEY = 'test-key';
const PINGBACK_ID = 'abcdef0123456789';
const BASE = 'http://127.0.0.1:1234/v1/';

/** The single-GIF calls of these tests: gif('abc') and random. */
const SINGLE_GIF_PATH = /\/(gifs\/abc|[a-z]+\/random)$/;

/** Single-GIF calls get one record; everything else an empty page. */
function respond(url: string): Response {
  const { pathname } = new URL(url, 'http://same-origin.test');
  if (SINGLE_GIF_PATH.test(pathname)) {
    return jsonResponse(envelope({ id: 7, is_sticker: 1, images: {} }));
  }
  return jsonResponse(envelope([], { pagination: { count: 0, offset: 0, total_count: 0 } }));
}

function setup(options: LoopboxFetchOptions = {}) {
  const fetch = recordingFetch(respond);
  const storage = memoryStorage({ [PINGBACK_ID_STORAGE_KEY]: PINGBACK_ID });
  const client = new LoopboxFetch(API_KEY, { baseUrl: BASE, fetch, storage, ...options });
  return { client, fetch, storage };
}

function lastRequest(fetch: ReturnType<typeof recordingFetch>) {
  const request = fetch.requests.at(-1);
  if (!request) throw new Error('no request was made');
  const url = new URL(request.url);
  return { url, pathname: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Call = (client: LoopboxFetch) => Promise<unknown>;

const CALLS: Array<[string, Call, string, Record<string, string>]> = [
  ['categories', (c) => c.categories({ limit: 3 }), '/v1/gifs/categories', { limit: '3' }],
  ['subcategories', (c) => c.subcategories('tv shows', { offset: 2 }), '/v1/gifs/categories/tv%20shows', { offset: '2' }],
  ['gif by id', (c) => c.gif('abc'), '/v1/gifs/abc', {}],
  ['gifs by ids', (c) => c.gifs(['a', 'b', 'c']), '/v1/gifs', { ids: 'a,b,c' }],
  ['gifs by category', (c) => c.gifs('actions', 'cooking'), '/v1/gifs/categories/actions/cooking', {}],
  ['emoji (v1)', (c) => c.emoji({ limit: 5, offset: 10 }), '/v1/emoji', { limit: '5', offset: '10' }],
  ['emoji default variations (v2)', (c) => c.emojiDefaultVariations({ limit: 5 }), '/v2/emoji', { limit: '5' }],
  ['emoji variations (v2)', (c) => c.emojiVariations('e1'), '/v2/emoji/e1/variations', {}],
  ['text animate', (c) => c.animate('hello there', { limit: 1 }), '/v1/text/animate', { m: 'hello there', limit: '1' }],
  ['search', (c) => c.search('cats'), '/v1/gifs/search', { q: 'cats', rating: 'pg-13' }],
  [
    'search with every option',
    (c) => c.search('dunk', { type: 'stickers', channel: 'nba', rating: 'g', limit: 10, offset: 20, sort: 'recent', lang: 'es' }),
    '/v1/stickers/search',
    { q: '@nba dunk', rating: 'g', limit: '10', offset: '20', sort: 'recent', lang: 'es' },
  ],
  [
    'search count',
    (c) => c.search('cats', { type: 'videos', countOnly: true }),
    '/v1/videos/search',
    { q: 'cats', rating: 'pg-13', count_only: 'true' },
  ],
  ['text search', (c) => c.search('hi', { type: 'text' }), '/v1/text/search', { q: 'hi', rating: 'pg-13', excludeDynamicResults: 'true' }],
  ['trending', (c) => c.trending(), '/v1/gifs/trending', { rating: 'pg-13' }],
  ['trending text', (c) => c.trending({ type: 'text', limit: 4, rating: 'r' }), '/v1/text/trending', { limit: '4', rating: 'r' }],
  ['random', (c) => c.random(), '/v1/gifs/random', { rating: 'pg-13' }],
  ['random sticker', (c) => c.random({ type: 'stickers', tag: 'cat' }), '/v1/stickers/random', { tag: 'cat', rating: 'pg-13' }],
  ['related', (c) => c.related('abc', { limit: 6 }), '/v1/gifs/related', { gif_id: 'abc', limit: '6', rating: 'pg-13' }],
  ['channels search', (c) => c.searchChannels('nba', { limit: 2 }), '/v1/channels/search', { q: 'nba', limit: '2', rating: 'pg-13' }],
  ['trending searches', (c) => c.trendingSearches(), '/v1/trending/searches', {}],
  [
    'category GIFs, paged',
    (c) => c.gifs('animals', 'cats', { offset: 25, limit: 25 }),
    '/v1/gifs/categories/animals/cats',
    { offset: '25', limit: '25' },
  ],
  ['tag completion', (c) => c.searchTags('ca', { limit: 5 }), '/v1/gifs/search/tags', { q: 'ca', limit: '5' }],
  ['related tags', (c) => c.relatedTags('cat nap', { score: true }), '/v1/tags/related/cat%20nap', { score: 'true' }],
];

describe('LoopboxFetch calls (SPEC 7.6)', () => {
  it.each(CALLS)('%s: GET %s with api_key, pingback_id and its parameters', async (_, call, pathname, params) => {
    const { client, fetch } = setup();
    await call(client);
    expect(fetch.requests).toHaveLength(1);
    const request = lastRequest(fetch);
    expect(request.url.origin).toBe('http://127.0.0.1:1234');
    expect(request.pathname).toBe(pathname);
    expect(request.query).toEqual({ ...params, api_key: API_KEY, pingback_id: PINGBACK_ID });
    expect(request.headers).toEqual(createSdkHeaders());
    expect(fetch.requests[0]?.method).toBe('GET');
  });

  it('normalises what it returns', async () => {
    const { client } = setup();
    const { data } = await client.gif('abc');
    expect(data).toMatchObject({ id: '7', is_sticker: true, is_hidden: false, alt_text: 'Sticker' });
  });
});

describe('LoopboxFetch base URL', () => {
  it('defaults to same-origin /v1/ and /v2/', async () => {
    const fetch = recordingFetch(respond);
    const client = new LoopboxFetch(API_KEY, { fetch, storage: null });
    await client.trending();
    await client.emojiDefaultVariations();
    expect(fetch.requests.map((r) => r.url.split('?')[0])).toEqual(['/v1/gifs/trending', '/v2/emoji']);
  });

  it('reads the page-level setting when the client has none', async () => {
    vi.stubGlobal('LOOPBOX_CONFIG', { apiBase: 'https://gifs.example/api/v1' });
    const fetch = recordingFetch(respond);
    const client = new LoopboxFetch(API_KEY, { fetch, storage: null });
    expect(client.baseUrl).toBe('https://gifs.example/api/v1/');
    await client.emojiVariations('e');
    expect(fetch.requests[0]?.url).toMatch(/^https:\/\/gifs\.example\/api\/v2\/emoji\/e\/variations\?/);
  });

  it('prefers its own base to the page-level one', () => {
    vi.stubGlobal('LOOPBOX_CONFIG', { apiBase: 'https://gifs.example/v1/' });
    expect(setup().client.baseUrl).toBe(BASE);
  });
});

describe('LoopboxFetch parameters', () => {
  it('sends qsParams with every call, below the call’s own options and the api_key', async () => {
    const { client, fetch } = setup({ qsParams: { e: 'embed', limit: 9, api_key: 'spoofed' } });
    await client.search('x', { limit: 2 });
    expect(lastRequest(fetch).query).toMatchObject({ e: 'embed', limit: '2', api_key: API_KEY });
    await client.trendingSearches();
    expect(lastRequest(fetch).query).toMatchObject({ e: 'embed', limit: '9' });
  });

  it('uses the client rating as the default rating', async () => {
    const { client, fetch } = setup({ rating: 'g' });
    for (const call of [
      () => client.search('x'),
      () => client.trending(),
      () => client.random(),
      () => client.related('1'),
      () => client.searchChannels('x'),
    ]) {
      await call();
      expect(lastRequest(fetch).query.rating).toBe('g');
    }
  });

  it('excludes dynamic results only for text', async () => {
    const { client, fetch } = setup();
    await client.search('x', { type: 'stickers' });
    expect(lastRequest(fetch).query).not.toHaveProperty('excludeDynamicResults');
  });

  it('sends overridden SDK headers and exposes them', async () => {
    const { client, fetch } = setup({ sdkHeaders: { 'X-GIPHY-SDK-NAME': 'WidgetSDK' } });
    await client.trending();
    expect(lastRequest(fetch).headers['X-GIPHY-SDK-NAME']).toBe('WidgetSDK');
    expect(client.sdkHeaders['X-GIPHY-SDK-NAME']).toBe('WidgetSDK');
    expect(client.sdkHeaders['X-GIPHY-SDK-PLATFORM']).toBe('web');
  });

  it('makes, stores and reuses a pingback id', async () => {
    const fetch = recordingFetch(respond);
    const storage = memoryStorage();
    const client = new LoopboxFetch(API_KEY, { baseUrl: BASE, fetch, storage });
    await client.trending();
    await client.search('x');
    const ids = fetch.requests.map((r) => new URL(r.url).searchParams.get('pingback_id'));
    expect(ids[0]).toMatch(/^[0-9a-z]{16}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(storage.values.get(PINGBACK_ID_STORAGE_KEY)).toBe(ids[0]);
    expect(client.pingbackId).toBe(ids[0]);
  });
});

describe('LoopboxFetch cache (SPEC 9)', () => {
  it('answers a repeated call from the cache for 60 s', async () => {
    vi.useFakeTimers();
    const { client, fetch } = setup();
    await client.search('cats');
    vi.advanceTimersByTime(CACHE_TTL_MS - 1);
    await client.search('cats');
    expect(fetch.requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await client.search('cats');
    expect(fetch.requests).toHaveLength(2);
  });

  it('never caches random', async () => {
    const { client, fetch } = setup();
    await client.random();
    await client.random();
    expect(fetch.requests).toHaveLength(2);
  });

  it('shares a request in flight between identical calls', async () => {
    const { client, fetch } = setup();
    const [a, b] = await Promise.all([client.trending(), client.trending()]);
    expect(fetch.requests).toHaveLength(1);
    expect(a).toEqual(b);
  });

  it('rethrows a failed call for 6 s before trying again', async () => {
    vi.useFakeTimers();
    const fetch = recordingFetch(() => jsonResponse({ message: 'down' }, { status: 503, statusText: 'Service Unavailable' }));
    const client = new LoopboxFetch(API_KEY, { baseUrl: BASE, fetch, storage: null });
    await expect(client.trending()).rejects.toMatchObject({ message: `${LIBRARY_NAME}: down`, status: 503 });
    vi.advanceTimersByTime(ERROR_CACHE_TTL_MS - 1);
    await expect(client.trending()).rejects.toMatchObject({ message: `${LIBRARY_NAME}: down`, status: 503 });
    expect(fetch.requests).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(client.trending()).rejects.toBeInstanceOf(FetchError);
    expect(fetch.requests).toHaveLength(2);
  });

  it('keeps raw envelopes in an injected store, keyed by URL', async () => {
    const cache = new MemoryCacheStore<WireEnvelope>();
    const { client, fetch } = setup({ cache });
    await client.trending();
    const url = fetch.requests[0]?.url ?? '';
    expect(cache.get(url)).toMatchObject({ ok: true, value: { data: [] } });
  });

  it('does not share a cache between clients', async () => {
    const first = setup();
    const second = setup({ fetch: first.fetch });
    await first.client.trending();
    await second.client.trending();
    expect(first.fetch.requests).toHaveLength(2);
  });
});

describe('LoopboxFetch errors (SPEC 8)', () => {
  it('raises a FetchError carrying the request URL', async () => {
    const fetch = recordingFetch(() => jsonResponse({ meta: { msg: 'Not Found' } }, { status: 404, statusText: 'Not Found' }));
    const client = new LoopboxFetch(API_KEY, { baseUrl: BASE, fetch, storage: null });
    const error = await client.gif('missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ message: `${LIBRARY_NAME}: Not Found`, status: 404, url: fetch.requests[0]?.url });
  });

  it('raises a FetchError when the data is not what the call returns', async () => {
    const fetch = recordingFetch(() => jsonResponse(envelope([])));
    const client = new LoopboxFetch(API_KEY, { baseUrl: BASE, fetch, storage: null });
    await expect(client.gif('abc')).rejects.toMatchObject({
      name: 'FetchError',
      message: `${LIBRARY_NAME}: malformed response data`,
      status: 200,
      statusText: 'OK',
    });
  });
});

describe('LoopboxFetch logging', () => {
  it('logs each request to its logger', async () => {
    const debug = vi.fn();
    const logger = { debug, info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const { client, fetch } = setup({ logger });
    await client.trending();
    expect(debug).toHaveBeenCalledWith('GET', fetch.requests[0]?.url);
  });
});
