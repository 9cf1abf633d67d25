import { GiphyFetch, gifPaginator, setServerUrl } from '@giphy/js-fetch-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { giphyFixture } from '../support/fixtures.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('public GIF API: browsing, emoji, text, channels, tags and videos (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists categories with their subcategories and a featured GIF', async () => {
    const { status, body } = await server.get('/v1/gifs/categories');
    expect(status).toBe(200);
    expect(body.data.map((c: { name_encoded: string }) => c.name_encoded)).toEqual([
      'reactions',
      'animals',
      'emotions',
      'food-drink',
      'sports',
      'holidays',
    ]);
    const reactions = body.data[0];
    expect(reactions.subcategories).toEqual([
      { name: 'Happy', name_encoded: 'happy' },
      { name: 'Sad', name_encoded: 'sad' },
      { name: 'Surprised', name_encoded: 'surprised' },
    ]);
    expect(reactions.gif.images.fixed_width.url).toContain('/media/');
    expect(body.pagination).toEqual({ total_count: 6, count: 6, offset: 0 });
  });

  it('lists a category’s subcategories and a subcategory’s GIFs', async () => {
    const subs = await server.get('/v1/gifs/categories/animals');
    expect(subs.body.data.map((s: { name_encoded: string }) => s.name_encoded)).toEqual(['cats', 'dogs', 'birds']);
    const cats = await server.get('/v1/gifs/categories/animals/cats?rating=r');
    expect(cats.body.data.length).toBeGreaterThan(0);
    expect(cats.body.data.every((g: { tags: string[] }) => g.tags.includes('cats'))).toBe(true);
    expect((await server.get('/v1/gifs/categories/nope')).status).toBe(404);
    expect((await server.get('/v1/gifs/categories/animals/pizza')).status).toBe(404);
    expect((await server.get('/v1/gifs/categories/Bad_Slug!')).status).toBe(400);
  });

  it('pages emoji by offset in v1 and by cursor in v2, like GIPHY', async () => {
    const v1 = await server.get('/v1/emoji?limit=2');
    expect(v1.body.pagination).toEqual({ total_count: 5, count: 2, offset: 0 });
    expect(v1.body.data.every((e: { type: string; variation_count: number }) => e.type === 'emoji' && e.variation_count === 3)).toBe(true);
    const reference = giphyFixture('default-emoji-variations.json');
    const v2 = await server.get('/v2/emoji?limit=2&offset=2');
    expect(Object.keys(v2.body.pagination)).toEqual(expect.arrayContaining(Object.keys(reference.pagination)));
    expect(v2.body.pagination).toEqual({ total_count: 5, count: 2, offset: 2, next_cursor: 4 });
    expect(v2.body.data[0].id).not.toBe(v1.body.data[0].id);
  });

  it('ends v2 emoji paging: next_cursor absent on the last page, and GIPHY’s own paginator stops there', async () => {
    const ids: string[] = [];
    let cursor: number | undefined = 0;
    for (let pages = 0; cursor !== undefined; pages += 1) {
      expect(pages, 'cursor paging must end').toBeLessThan(10);
      const { body } = await server.get(`/v2/emoji?limit=2&offset=${cursor}`);
      ids.push(...body.data.map((e: { id: string }) => e.id));
      cursor = body.pagination.next_cursor;
    }
    expect(new Set(ids).size).toBe(5);
    const past = await server.get('/v2/emoji?limit=2&offset=10');
    expect(past.body.pagination).toEqual({ total_count: 5, count: 0, offset: 10 });

    // GIPHY's client: GiphyFetch.emojiDefaultVariations driven by its gifPaginator, which is done when offset + count reaches total_count.
    setServerUrl(`${server.baseUrl}/v1/`);
    const gf = new GiphyFetch(server.webKey);
    let requests = 0;
    const next = gifPaginator((offset: number) => {
      requests += 1;
      return gf.emojiDefaultVariations({ offset, limit: 2 });
    });
    let gifs: { id: string | number }[] = [];
    for (let call = 0; call < 6; call += 1) gifs = await next();
    expect(gifs.map((g) => String(g.id))).toEqual(ids);
    expect(requests).toBe(3);
  });

  it('lists an emoji’s variations (v2) without pagination', async () => {
    const { body: emoji } = await server.get('/v2/emoji?limit=1');
    const id = emoji.data[0].id;
    const { status, body } = await server.get(`/v2/emoji/${id}/variations`);
    expect(status).toBe(200);
    expect(body.pagination).toBeUndefined();
    expect(body.data.map((v: { variation: string }) => v.variation)).toEqual(['variation_01', 'variation_02', 'variation_03']);
    expect(body.data.every((v: { is_sticker: number }) => v.is_sticker === 1)).toBe(true);
    const gifId = (await server.get('/v1/gifs/trending?limit=1')).body.data[0].id;
    expect((await server.get(`/v2/emoji/${gifId}/variations`)).status).toBe(404);
    expect((await server.get(`/v1/emoji/${id}/variations`)).status).toBe(404);
  });

  it('animates text as transparent stickers in several styles', async () => {
    const { status, body } = await server.get('/v1/text/animate?m=Hello%20there');
    expect(status).toBe(200);
    expect(body.data.length).toBe(4);
    expect(new Set(body.data.map((g: { id: string }) => g.id)).size).toBe(4);
    for (const sticker of body.data) {
      expect(sticker.is_sticker).toBe(1);
      expect(sticker.is_dynamic).toBe(1);
      expect(sticker.title).toBe('Hello there');
    }
    const file = Buffer.from(await (await fetch(body.data[1].images.original.url)).arrayBuffer());
    const meta = await sharp(file, { animated: true }).metadata();
    expect(meta.pages).toBeGreaterThan(1);
    expect(meta.hasAlpha).toBe(true);
    const frames = await Promise.all([0, 3].map((page) => sharp(file, { page }).raw().toBuffer()));
    expect(frames[0]!.equals(frames[1]!)).toBe(false);
    const again = await server.get('/v1/text/animate?m=Hello%20there');
    expect(again.body.data.map((g: { id: string }) => g.id)).toEqual(body.data.map((g: { id: string }) => g.id));
  });

  it('searches stored text stickers, then the query rendered on demand unless excluded', async () => {
    const text = await server.get('/v1/text/search?q=thank%20you');
    const kinds = text.body.data.map((g: { type: string; is_dynamic: number }) => `${g.type}:${g.is_dynamic}`);
    expect(kinds).toEqual(['text:0', 'text:1', 'text:1', 'text:1', 'text:1']);
    expect(text.body.pagination.total_count).toBe(5);
    expect(text.body.data[0].title).toContain('Thank You');
    const excluded = await server.get('/v1/text/search?q=thank%20you&excludeDynamicResults=true');
    expect(excluded.body.data.map((g: { is_dynamic: number }) => g.is_dynamic)).toEqual([0]);
    const paged = await server.get('/v1/text/search?q=thank%20you&offset=2&limit=2');
    expect(paged.body.data.map((g: { id: string }) => g.id)).toEqual(text.body.data.slice(2, 4).map((g: { id: string }) => g.id));
    const nothingStored = await server.get('/v1/text/search?q=zebra%20crossing');
    expect(nothingStored.body.data.every((g: { is_dynamic: number }) => g.is_dynamic === 1)).toBe(true);
  });

  it('searches channels in GIPHY’s channel shape', async () => {
    const reference = giphyFixture('channels-search.json').data[0];
    const { body } = await server.get('/v1/channels/search?q=react');
    expect(body.data[0].slug).toBe('reactions');
    for (const key of [
      'id',
      'url',
      'display_name',
      'slug',
      'type',
      'content_type',
      'user',
      'short_display_name',
      'description',
      'has_children',
      'is_visible',
      'is_private',
      'featured_gif',
    ]) {
      expect(body.data[0], key).toHaveProperty(key);
      expect(typeof body.data[0][key], key).toBe(typeof reference[key]);
    }
    expect(body.data[0].has_children).toBe(true);
    const fuzzy = await server.get('/v1/channels/search?q=animls');
    expect(fuzzy.body.data.map((c: { slug: string }) => c.slug)).toContain('animals');
  });

  it('lists trending searches as strings', async () => {
    const reference = giphyFixture('trending-searches.json');
    const { body } = await server.get('/v1/trending/searches');
    expect(body.data.length).toBeGreaterThan(3);
    expect(body.data.every((t: unknown) => typeof t === 'string')).toBe(true);
    expect(Object.keys(body).sort()).toEqual(Object.keys(reference).sort());
  });

  it('finds related tags, with scores on request', async () => {
    const { body } = await server.get('/v1/tags/related/happy');
    const names = body.data.map((t: { name: string }) => t.name);
    expect(names).toContain('reactions');
    expect(names).not.toContain('happy');
    expect(body.data[0].score).toBeUndefined();
    const scored = await server.get('/v1/tags/related/happy?score=true');
    expect(scored.body.data[0].score).toBe(1);
    expect(scored.body.data.every((t: { score: number }) => t.score > 0 && t.score <= 1)).toBe(true);
  });

  it('completes tags by prefix, most used first', async () => {
    const { body } = await server.get('/v1/gifs/search/tags?q=piz');
    expect(body.data[0].name).toBe('pizza');
    expect(body.data.every((t: { name: string }) => t.name.startsWith('piz'))).toBe(true);
    const literal = await server.get('/v1/gifs/search/tags?q=%25');
    expect(literal.body.data).toEqual([]);
  });

  it('lists a GIF’s associations: tags, channels and author', async () => {
    const { body: found } = await server.get('/v1/gifs/search?q=@studio-sunny&rating=r&limit=1');
    const gif = found.data[0];
    const { status, body } = await server.get(`/v1/gifs/${gif.id}/associations`);
    expect(status).toBe(200);
    expect(body.data.tags.map((t: { name: string }) => t.name)).toEqual(gif.tags);
    expect(body.data.channels.map((c: { slug: string }) => c.slug)).toContain('studio-sunny');
    expect(body.data.user.username).toBe('studio_sunny');
  });

  it('searches videos and finds related ones, with playable mp4 assets', async () => {
    const { body } = await server.get('/v1/videos/search?q=news');
    expect(body.data.length).toBeGreaterThan(0);
    const video = body.data[0];
    expect(video.type).toBe('video');
    const asset = video.video.assets['360p'];
    const res = await fetch(asset.url, { headers: { Range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    for (const route of ['videos', 'clips']) {
      const count = await server.get(`/v1/${route}/search?q=news&count_only=1`);
      expect(count.body.data, route).toEqual([]);
      expect(count.body.pagination.total_count, route).toBe(body.pagination.total_count);
    }
    const related = await server.get(`/v1/videos/related?gif_id=${video.id}`);
    expect(related.status).toBe(200);
    expect(related.body.data.every((v: { type: string; id: string }) => v.type === 'video' && v.id !== video.id)).toBe(true);
  });

  it('carries external media for the two supported video hosts', async () => {
    const { body } = await server.get('/v1/gifs/search?q=gif&limit=50&rating=r');
    const hosts = new Set<string>();
    for (let offset = 0; offset < body.pagination.total_count; offset += 50) {
      const page = await server.get(`/v1/gifs/search?q=gif&limit=50&rating=r&offset=${offset}`);
      for (const g of page.body.data) if (g.external_media) hosts.add(g.external_media.provider_name);
    }
    expect([...hosts].sort()).toEqual(['Vimeo', 'YouTube']);
  });
});
