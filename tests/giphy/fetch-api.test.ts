/**
 * GIPHY's own client, @giphy/js-fetch-api from the npm registry, unchanged, pointed at a live server
 * (npm start's wiring) by its base URL only: every method with default options, its paginator to the
 * end, and its FetchError statuses. Run on both stores.
 */
import { FetchError, GiphyFetch, gifPaginator, setServerUrl } from '@giphy/js-fetch-api';
import type { IGif } from '@giphy/js-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

/** What GIPHY's client checks of every GIF it normalises, and what a widget needs to show one. */
function expectUsableGif(gif: IGif, baseUrl: string) {
  expect(typeof gif.id).toBe('string');
  expect(typeof gif.is_sticker).toBe('boolean');
  expect(Number.isInteger(gif.images.original.width)).toBe(true);
  expect(gif.images.fixed_width.url.startsWith(`${baseUrl}/media/`)).toBe(true);
  expect(gif.analytics_response_payload).toMatch(/^e=/);
}

describe.each(storeKinds())('@giphy/js-fetch-api against Loopbox (%s)', (kind) => {
  let server: TestServer;
  let gf: GiphyFetch;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // The client keeps its base URL in the module and caches answers by path for 60 s; each store's
    // server has its own key, so no cached answer crosses from one suite to the other.
    setServerUrl(`${server.baseUrl}/v1/`);
    gf = new GiphyFetch(server.webKey);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('searches gifs, stickers and text with default options (it sends excludeDynamicResults=undefined)', async () => {
    const gifs = await gf.search('pizza');
    expect(gifs.meta.status).toBe(200);
    expect(gifs.data.length).toBeGreaterThan(0);
    for (const gif of gifs.data) expectUsableGif(gif, server.baseUrl);
    expect(gifs.data.every((gif) => !gif.is_sticker)).toBe(true);
    const stickers = await gf.search('heart', { type: 'stickers' });
    expect(stickers.data.length).toBeGreaterThan(0);
    expect(stickers.data.every((gif) => gif.is_sticker)).toBe(true);
    // For text the client asks for no dynamic results: only stored text stickers come back.
    const text = await gf.search('hello', { type: 'text' });
    expect(text.meta.status).toBe(200);
    expect(text.data.length).toBeGreaterThan(0);
    expect(text.data.every((gif) => gif.type === 'text')).toBe(true);
    const scoped = await gf.search('pizza', { channel: 'loopbox' });
    expect(scoped.meta.status).toBe(200);
  });

  it('reads trending, one GIF, GIFs by id, random and related', async () => {
    const trending = await gf.trending();
    expect(trending.data.length).toBeGreaterThan(3);
    const stickers = await gf.trending({ type: 'stickers', limit: 5 });
    expect(stickers.data.every((gif) => gif.is_sticker)).toBe(true);
    const first = trending.data[0]!;
    const one = await gf.gif(String(first.id));
    expect(one.data.id).toBe(first.id);
    expectUsableGif(one.data, server.baseUrl);
    const ids = trending.data.slice(0, 3).map((gif) => String(gif.id));
    expect((await gf.gifs(ids)).data.map((gif) => gif.id)).toEqual(ids);
    const random = await gf.random();
    expectUsableGif(random.data, server.baseUrl);
    const related = await gf.related(String(first.id), { limit: 4 });
    expect(related.data.length).toBeGreaterThan(0);
    expect(related.data.some((gif) => gif.id === first.id)).toBe(false);
  });

  it('browses categories, subcategories and a subcategory’s GIFs', async () => {
    const categories = await gf.categories();
    expect(categories.data.length).toBeGreaterThan(0);
    const category = categories.data[0]!;
    expect(category.gif?.id).toBeTruthy();
    const subcategories = await gf.subcategories(category.name_encoded);
    expect(subcategories.data.length).toBeGreaterThan(0);
    const gifs = await gf.gifs(category.name_encoded, subcategories.data[0]!.name_encoded);
    expect(gifs.data.length).toBeGreaterThan(0);
    for (const gif of gifs.data) expectUsableGif(gif, server.baseUrl);
  });

  it('reads emoji (v1 and v2), an emoji’s variations, animated text and channels', async () => {
    const emoji = await gf.emoji();
    expect(emoji.data.length).toBeGreaterThan(0);
    const defaults = await gf.emojiDefaultVariations();
    expect(defaults.data.length).toBeGreaterThan(0);
    const withVariations =
      defaults.data.find((gif) => Number((gif as IGif & { variation_count?: number }).variation_count) > 0) ?? defaults.data[0]!;
    const variations = await gf.emojiVariations(String(withVariations.id));
    expect(variations.data.length).toBeGreaterThan(0);
    const animated = await gf.animate('hello gf', { limit: 2 });
    expect(animated.data).toHaveLength(2);
    expect(animated.data.every((gif) => gif.type === 'text' && gif.images.original.url.startsWith(`${server.baseUrl}/media/`))).toBe(true);
    const channels = await gf.channels('loop');
    expect(channels.meta.status).toBe(200);
    expect(Array.isArray(channels.data)).toBe(true);
  });

  it('pages with gifPaginator to the end of a listing', async () => {
    const { pagination } = await gf.trending({ type: 'stickers', limit: 1 });
    const fetchPage = (offset: number) => gf.trending({ type: 'stickers', offset, limit: 7 });
    const next = gifPaginator(fetchPage);
    let held: IGif[] = [];
    for (let page = 0; page < 50; page++) {
      const list = await next();
      if (list.length === held.length) break;
      held = list;
    }
    expect(held.length).toBe(pagination.total_count);
    expect(new Set(held.map((gif) => gif.id)).size).toBe(held.length);
  });

  it('raises FetchError with GIPHY’s statuses: 403 for a bad key, 404 for an unknown id, 400 for what cannot be an id', async () => {
    const wrongKey = new GiphyFetch('not-a-real-key');
    const keyError = await wrongKey.trending().catch((error: unknown) => error);
    expect(keyError).toBeInstanceOf(FetchError);
    expect((keyError as FetchError).status).toBe(403);
    const missing = await gf.gif('no-such-id-xyz').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(FetchError);
    expect((missing as FetchError).status).toBe(404);
    expect((missing as FetchError).message).toContain('not found');
    const notAnId = await gf.gif('x'.repeat(65)).catch((error: unknown) => error);
    expect((notAnId as FetchError).status).toBe(400);
  });
});
