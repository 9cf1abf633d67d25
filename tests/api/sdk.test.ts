import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, gifPaginator, getAltText, getBestRendition, LoopboxFetch, type IGif } from '../../apps/sdk/src/index.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Our provider client against our own server over HTTP, one call of SPEC 7.6 at a time. */
describe('@loopbox/sdk against the server', () => {
  let server: TestServer;
  let client: LoopboxFetch;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    client = new LoopboxFetch(server.webKey, { baseUrl: `${server.baseUrl}/v1/`, storage: null, rating: 'r' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const expectNormalised = (gif: IGif) => {
    expect(typeof gif.id).toBe('string');
    expect(typeof gif.is_sticker).toBe('boolean');
    expect(typeof gif.images.fixed_width?.width).toBe('number');
    expect(gif.images.original?.url?.startsWith(server.baseUrl)).toBe(true);
    expect(getAltText(gif).length).toBeGreaterThan(0);
  };

  it('searches, trends, and finds related GIFs and stickers', async () => {
    const search = await client.search('pizza', { limit: 3 });
    expect(search.data.length).toBeGreaterThan(0);
    search.data.forEach(expectNormalised);
    const stickers = await client.search('hi', { type: 'stickers' });
    expect(stickers.data.every((g) => g.is_sticker)).toBe(true);
    const scoped = await client.search('happy', { channel: 'reactions' });
    expect(scoped.data.every((g) => g.tags.includes('reactions'))).toBe(true);
    const text = await client.search('hello', { type: 'text' });
    expect(text.data.length).toBeGreaterThan(0);
    expect(text.data.every((g) => g.is_dynamic === false)).toBe(true);
    const trending = await client.trending({ limit: 5 });
    expect(trending.pagination.count).toBe(5);
    const related = await client.related(search.data[0]!.id, { limit: 4 });
    expect(related.data.every((g) => g.id !== search.data[0]!.id)).toBe(true);
  });

  it('looks up by id and ids, and picks renditions from real data', async () => {
    const { data: first } = await client.trending({ limit: 2 });
    const one = await client.gif(first[0]!.id);
    expect(one.data.id).toBe(first[0]!.id);
    const many = await client.gifs(first.map((g) => g.id));
    expect(many.data.map((g) => g.id)).toEqual(first.map((g) => g.id));
    const best = getBestRendition(one.data.images, 180, 180);
    expect(best?.width).toBeGreaterThan(0);
  });

  it('browses categories, subcategories and a subcategory’s GIFs', async () => {
    const categories = await client.categories();
    expect(categories.data.map((c) => c.name_encoded)).toContain('animals');
    const subs = await client.subcategories('animals');
    expect(subs.data.map((c) => c.name_encoded)).toEqual(['cats', 'dogs', 'birds']);
    const cats = await client.gifs('animals', 'cats');
    expect(cats.data.length).toBeGreaterThan(0);
  });

  it('reads emoji (v1 and v2) and variations', async () => {
    const v1 = await client.emoji({ limit: 2 });
    expect(v1.data).toHaveLength(2);
    const v2 = await client.emojiDefaultVariations({ limit: 5 });
    expect(v2.data).toHaveLength(5);
    const variations = await client.emojiVariations(v2.data[0]!.id);
    expect(variations.data).toHaveLength(3);
    expect(variations.data.every((g) => g.is_sticker)).toBe(true);
  });

  it('animates text, searches channels, lists trending searches and a random GIF', async () => {
    const animated = await client.animate('yo');
    expect(animated.data).toHaveLength(4);
    const channels = await client.searchChannels('react');
    expect(channels.data[0]?.slug).toBe('reactions');
    const searches = await client.trendingSearches();
    expect(searches.data.length).toBeGreaterThan(0);
    const random = await client.random({ tag: 'pizza' });
    expectNormalised(random.data);
  });

  it('pages a search to the end with the paginator', async () => {
    const next = gifPaginator((offset) => client.search('gif', { offset, limit: 20 }));
    let list: IGif[] = [];
    let previous = -1;
    while (list.length !== previous) {
      previous = list.length;
      list = await next();
    }
    const total = (await client.search('gif', { limit: 1 })).pagination.total_count;
    expect(list.length).toBe(total);
    expect(new Set(list.map((g) => g.id)).size).toBe(total);
  });

  it('raises typed errors with the server’s message', async () => {
    const missing = await client.gif('NoSuchGif123').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(FetchError);
    expect((missing as FetchError).status).toBe(404);
    expect((missing as FetchError).message).toContain('GIF NoSuchGif123 not found');
    const badKey = new LoopboxFetch('wrong-key', { baseUrl: `${server.baseUrl}/v1/`, storage: null });
    const refused = await badKey.trending().catch((e: unknown) => e);
    expect((refused as FetchError).status).toBe(403);
    expect((refused as FetchError).message).toContain('Invalid authentication credentials');
  });
});
