import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENOR_FORMAT_NAMES, TENOR_FORMATS } from '../../apps/server/src/tenor/media-formats.ts';
import { analyticsDb } from '../../apps/server/src/analytics/schema.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';
import { tenorGet } from '../support/tenor.ts';

interface TenorResult {
  id: string;
  title: string;
  media_formats: Record<string, { url: string; dims: [number, number]; duration: number; preview: string; size: number }>;
  created: number;
  content_description: string;
  itemurl: string;
  url: string;
  tags: string[];
  flags: string[];
  hasaudio: boolean;
}

describe.each(storeKinds())('Tenor-compatible API (%s)', (kind) => {
  let server: TestServer;
  const tenor = (pathAndQuery: string) => tenorGet(server, pathAndQuery);
  const ids = (results: TenorResult[]) => results.map((r) => r.id);

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('searches in Tenor’s shape, the same GIFs as GIPHY’s search, paging on with next as pos', async () => {
    const first = await tenor('search?q=cat&limit=2&contentfilter=off');
    expect(first.status).toBe(200);
    const giphy = await server.get('/v1/gifs/search?q=cat&limit=4&rating=r');
    expect(ids(first.body.results)).toEqual(giphy.body.data.slice(0, 2).map((g: { id: string }) => g.id));
    expect(first.body.next).toBe('2');
    const second = await tenor(`search?q=cat&limit=2&contentfilter=off&pos=${first.body.next}`);
    expect(ids(second.body.results)).toEqual(giphy.body.data.slice(2, 4).map((g: { id: string }) => g.id));

    const result = first.body.results[0] as TenorResult;
    expect(Object.keys(result).sort()).toEqual([
      'content_description',
      'created',
      'flags',
      'hasaudio',
      'id',
      'itemurl',
      'media_formats',
      'tags',
      'title',
      'url',
    ]);
    expect(result.tags.some((tag) => tag.includes('cat'))).toBe(true);
    expect(result.itemurl).toMatch(/\/gifs\//);
    expect(result.created).toBeGreaterThan(1_000_000_000);
    const gif = result.media_formats.gif!;
    expect(gif.dims.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    const file = await fetch(gif.url);
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect((await file.arrayBuffer()).byteLength).toBe(gif.size);
    expect(result.media_formats.tinygif!.dims[0]).toBe(200);
    expect(result.media_formats.nanogif!.dims[1]).toBe(100);
    expect((await fetch(result.media_formats.mp4!.url)).headers.get('content-type')).toBe('video/mp4');
    expect(result.media_formats.gifpreview!.url).toBe(gif.preview);
  });

  it('stops paging at the end of the results with an empty next', async () => {
    const all = await tenor('search?q=cat&limit=50&contentfilter=off');
    expect(all.body.results.length).toBeGreaterThan(0);
    expect(all.body.results.length).toBeLessThan(50);
    expect(all.body.next).toBe('');
  });

  it('keeps only the media formats asked for, and maps contentfilter to ratings', async () => {
    const filtered = await tenor('search?q=cat&limit=3&media_filter=gif,tinymp4');
    for (const result of filtered.body.results as TenorResult[])
      expect(Object.keys(result.media_formats).sort()).toEqual(['gif', 'tinymp4']);
    const strict = await tenor('search?q=cat&limit=50&contentfilter=high');
    const giphyG = await server.get('/v1/gifs/search?q=cat&limit=50&rating=g');
    expect(ids(strict.body.results)).toEqual(giphyG.body.data.map((g: { id: string }) => g.id));
    const every = await tenor('search?q=cat&limit=50&contentfilter=off');
    expect(every.body.results.length).toBeGreaterThan(strict.body.results.length);
  });

  it('finds stickers with searchfilter=sticker and lists trending GIFs as featured', async () => {
    const stickers = await tenor('search?q=sticker&searchfilter=sticker&limit=5');
    expect(stickers.body.results.length).toBeGreaterThan(0);
    expect(stickers.body.results.every((r: TenorResult) => r.flags.includes('sticker'))).toBe(true);
    const giphyStickers = await server.get('/v1/stickers/search?q=sticker&limit=5');
    expect(ids(stickers.body.results)).toEqual(giphyStickers.body.data.map((g: { id: string }) => g.id));
    const featured = await tenor('featured?limit=5&contentfilter=medium');
    const trending = await server.get('/v1/gifs/trending?limit=5&rating=pg');
    expect(ids(featured.body.results)).toEqual(trending.body.data.map((g: { id: string }) => g.id));
    expect(featured.body.next).toBe('5');
  });

  it('answers categories, suggestions, autocomplete and trending terms as strings and tags', async () => {
    const categories = await tenor('categories');
    expect(categories.body.tags.length).toBeGreaterThan(0);
    const [reactions] = categories.body.tags;
    expect(reactions).toEqual({
      searchterm: 'reactions',
      path: '/tenor/v2/search?q=reactions',
      image: expect.stringMatching(/\/media\/.+\.gif$/),
      name: '#reactions',
    });
    const trendingCategories = await tenor('categories?type=trending');
    expect(trendingCategories.body.tags.length).toBeGreaterThan(0);
    expect(trendingCategories.body.tags.every((t: { path: string }) => t.path.startsWith('/tenor/v2/search?q='))).toBe(true);

    const autocomplete = await tenor('autocomplete?q=ca&limit=5');
    expect(autocomplete.body.results.length).toBeGreaterThan(0);
    expect(autocomplete.body.results.every((t: string) => t.startsWith('ca'))).toBe(true);
    // Tenor's default: 8 suggestions.
    const suggestions = await tenor('search_suggestions?q=cat');
    const related = await server.get('/v1/tags/related/cat');
    expect(suggestions.body.results).toEqual(related.body.data.slice(0, 8).map((t: { name: string }) => t.name));
    const terms = await tenor('trending_terms?limit=3');
    expect(terms.body.results).toHaveLength(3);
    expect(terms.body.results.every((t: unknown) => typeof t === 'string')).toBe(true);
  });

  it('reads posts by id in the order asked, leaving out ids that name nothing', async () => {
    const some = await tenor('search?q=cat&limit=3');
    const wanted = [...ids(some.body.results)].reverse();
    const posts = await tenor(`posts?ids=${[wanted[0], 'nosuchgif', ...wanted.slice(1)].join(',')}`);
    expect(posts.status).toBe(200);
    expect(ids(posts.body.results)).toEqual(wanted);
  });

  it('counts every registered share as a share of the GIF, through the edge, uncached', async () => {
    const [gif] = (await tenor('search?q=dog&limit=1')).body.results as TenorResult[];
    for (let i = 0; i < 2; i++) {
      const share = await tenor(`registershare?id=${gif!.id}&q=dog`);
      expect(share.status).toBe(200);
      expect(share.body).toEqual({ status: 'ok' });
      expect(share.headers.get('cache-control')).toBe('no-store');
    }
    await server.analytics.catchUp();
    const counted = await analyticsDb(server.store.db)
      .selectFrom('gif_actions_daily')
      .select(['count'])
      .where('gif_id', '=', gif!.id)
      .where('action', '=', 'share')
      .execute();
    expect(counted.map((r) => Number(r.count))).toEqual([2]);
    expect((await tenor('registershare?id=nosuchgif')).status).toBe(404);
  });

  it('answers errors in Tenor’s form: no key, an unknown key, bad parameters, an unknown call', async () => {
    const anonymous = await fetch(`${server.baseUrl}/tenor/v2/search?q=cat`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 401, message: 'No API key found in request', status: 'UNAUTHENTICATED' } });
    expect((await tenor('search?q=cat&key=not-a-key')).body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const cases: [string, RegExp][] = [
      ['search', /^q/],
      ['search?q=cat&limit=51', /^limit must be an integer from 1 to 50/],
      ['search?q=cat&pos=abc', /^pos must be a value of next/],
      ['search?q=cat&contentfilter=strict', /^contentfilter must be one of off, low, medium, high/],
      ['posts', /^ids is required/],
      [`posts?ids=${Array.from({ length: 51 }, (_, i) => `g${i}`).join(',')}`, /^ids may list at most 50 ids/],
    ];
    for (const [call, message] of cases) {
      const { status, body } = await tenor(call);
      expect([call, status, body.error.status]).toEqual([call, 400, 'INVALID_ARGUMENT']);
      expect(body.error.message).toMatch(message);
    }
    const unknown = await tenor('gifs?q=cat');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it('offers every format but the stickers’ transparent ones for a GIF with all its renditions', async () => {
    const [result] = (await tenor('search?q=cat&limit=1')).body.results as TenorResult[];
    const gifFormats = TENOR_FORMAT_NAMES.filter((name) => !('sticker' in TENOR_FORMATS[name]));
    expect(Object.keys(result!.media_formats).sort()).toEqual([...gifFormats].sort());
  });
});
