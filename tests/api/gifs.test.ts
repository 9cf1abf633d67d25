import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import sharp from 'sharp';
import { giphyFixture } from '../support/fixtures.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

const RATING_ORDER = ['g', 'pg', 'pg-13', 'r'];

describe.each(storeKinds())('public GIF API: lookups, search and feeds (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function anyGifId(): Promise<string> {
    const { body } = await server.get('/v1/gifs/trending?limit=1');
    return body.data[0].id;
  }

  it('answers gifs/{id} with GIPHY field names, wire types and rendition shapes', async () => {
    const reference = giphyFixture('gif.json').data;
    const { status, body } = await server.get(`/v1/gifs/${await anyGifId()}`);
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ status: 200, msg: 'OK' });
    expect(body.meta.response_id).toMatch(/^[0-9a-f]{40}$/);
    const gif = body.data;
    for (const key of Object.keys(reference)) {
      if (key === 'user' && gif.is_anonymous === 1) continue;
      expect(gif, `field ${key}`).toHaveProperty(key);
      expect(typeof gif[key], `type of ${key}`).toBe(typeof reference[key]);
    }
    for (const [name, rendition] of Object.entries<Record<string, string>>(reference.images)) {
      expect(gif.images, `rendition ${name}`).toHaveProperty(name);
      for (const field of Object.keys(rendition)) {
        expect(gif.images[name], `${name}.${field}`).toHaveProperty(field);
        expect(typeof gif.images[name][field]).toBe('string');
      }
    }
    expect(gif.analytics_response_payload).toMatch(/^e=/);
    expect(Buffer.from(gif.analytics_response_payload.slice(2), 'base64').toString()).toContain(`gif_id=${gif.id}`);
    expect(gif.images.original.url.startsWith(server.baseUrl)).toBe(true);
  });

  it('serves real animated renditions at the sizes it reports', async () => {
    const { body } = await server.get(`/v1/gifs/${await anyGifId()}`);
    const { fixed_height: fh, original } = body.data.images;
    const res = await fetch(fh.url);
    expect(res.headers.get('content-type')).toBe('image/gif');
    const meta = await sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
    expect(meta.pages).toBe(Number(original.frames));
    expect(meta.width).toBe(Number(fh.width));
    expect(meta.pageHeight).toBe(200);
    expect(Number(fh.size)).toBe(Number(res.headers.get('content-length')));
    const webp = await fetch(original.webp);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const mp4 = await fetch(original.mp4);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await mp4.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  });

  it('answers gifs?ids in the order asked, skipping unknown ids', async () => {
    const { body: trending } = await server.get('/v1/gifs/trending?limit=3');
    const ids = trending.data.map((g: { id: string }) => g.id).reverse();
    const { status, body } = await server.get(`/v1/gifs?ids=${[ids[0], 'NoSuchGif123', ...ids.slice(1)].join(',')}`);
    expect(status).toBe(200);
    expect(body.data.map((g: { id: string }) => g.id)).toEqual(ids);
    expect(body.pagination).toEqual({ total_count: 3, count: 3, offset: 0 });
  });

  it('answers 404 with GIPHY error body for an unknown id', async () => {
    const { status, body } = await server.get('/v1/gifs/NoSuchGif123');
    expect(status).toBe(404);
    expect(body.meta.status).toBe(404);
    expect(body.meta.msg).toContain('not found');
  });

  it('ranks search by relevance with prefix and fuzzy matching', async () => {
    for (const q of ['pizza', 'piz', 'pizzza']) {
      const { body } = await server.get(`/v1/gifs/search?q=${q}&rating=r`);
      expect(body.data.length, q).toBeGreaterThan(0);
      const first = body.data[0];
      expect(`${first.title} ${first.tags.join(' ')}`.toLowerCase(), q).toContain('pizza');
    }
    const none = await server.get('/v1/gifs/search?q=zzqqxxj');
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.total_count).toBe(0);
  });

  it('pages fuzzy results past offset 0, in the same order as one big page', async () => {
    const all = await server.get('/v1/gifs/search?q=pizzza&rating=r&limit=50');
    const total = all.body.pagination.total_count;
    expect(total).toBeGreaterThan(2);
    const paged: string[] = [];
    for (let offset = 0; offset < total; offset += 2) {
      const { body } = await server.get(`/v1/gifs/search?q=pizzza&rating=r&limit=2&offset=${offset}`);
      expect(body.pagination, `offset ${offset}`).toMatchObject({ offset, total_count: total });
      paged.push(...body.data.map((g: { id: string }) => g.id));
    }
    expect(paged).toEqual(all.body.data.map((g: { id: string }) => g.id));
    const beyond = await server.get(`/v1/gifs/search?q=pizzza&rating=r&limit=2&offset=${total}`);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total_count).toBe(total);
  });

  it('pages a search to the end without gaps or repeats', async () => {
    const q = 'gif';
    const seen: string[] = [];
    let offset = 0;
    let total = Infinity;
    while (offset < total) {
      const { body } = await server.get(`/v1/gifs/search?q=${q}&limit=7&offset=${offset}&rating=r`);
      total = body.pagination.total_count;
      expect(body.pagination.offset).toBe(offset);
      expect(body.pagination.count).toBe(body.data.length);
      seen.push(...body.data.map((g: { id: string }) => g.id));
      if (body.data.length === 0) break;
      offset += body.data.length;
    }
    expect(total).toBeGreaterThan(20);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    const past = await server.get(`/v1/gifs/search?q=${q}&limit=7&offset=${total + 5}&rating=r`);
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination.total_count).toBe(total);
  });

  it('filters by rating in GIPHY order with pg-13 as the default', async () => {
    const ratings = async (query: string) => {
      const { body } = await server.get(`/v1/gifs/search?q=gif&limit=50${query}`);
      return new Set<string>(body.data.map((g: { rating: string }) => g.rating));
    };
    const all = await ratings('&rating=r');
    const byDefault = await ratings('');
    expect([...byDefault].every((r) => RATING_ORDER.indexOf(r) <= RATING_ORDER.indexOf('pg-13'))).toBe(true);
    expect([...(await ratings('&rating=g'))]).toEqual(['g']);
    expect([...(await ratings('&rating=pg'))].every((r) => r === 'g' || r === 'pg')).toBe(true);
    expect(all.size).toBeGreaterThan(byDefault.has('r') ? 0 : byDefault.size - 1);
  });

  it('keeps stickers and GIFs apart', async () => {
    const stickers = await server.get('/v1/stickers/search?q=hi');
    expect(stickers.body.data.length).toBeGreaterThan(0);
    expect(stickers.body.data.every((g: { is_sticker: number }) => g.is_sticker === 1)).toBe(true);
    const gifs = await server.get('/v1/gifs/search?q=gif&limit=50&rating=r');
    expect(gifs.body.data.every((g: { is_sticker: number; type: string }) => g.is_sticker === 0 && g.type === 'gif')).toBe(true);
  });

  it('scopes a search to a channel with @slug and to a user with @username', async () => {
    const channel = await server.get('/v1/gifs/search?q=@reactions-happy&rating=r');
    expect(channel.body.data.length).toBeGreaterThan(0);
    expect(channel.body.data.every((g: { tags: string[] }) => g.tags.includes('happy'))).toBe(true);
    const scoped = await server.get('/v1/gifs/search?q=@reactions%20wow&rating=r');
    expect(scoped.body.data.every((g: { tags: string[] }) => g.tags.includes('reactions'))).toBe(true);
    const user = await server.get('/v1/gifs/search?q=@foodie_fran&rating=r');
    expect(user.body.data.length).toBeGreaterThan(0);
    expect(user.body.data.every((g: { username: string }) => g.username === 'foodie_fran')).toBe(true);
    const nobody = await server.get('/v1/gifs/search?q=@nobody_here%20cats');
    expect(nobody.body.data).toEqual([]);
  });

  it('lists trending newest first', async () => {
    const { body } = await server.get('/v1/gifs/trending?limit=50&rating=r');
    const times = body.data.map((g: { trending_datetime: string }) => g.trending_datetime);
    expect(times.length).toBeGreaterThan(3);
    expect([...times].sort().reverse()).toEqual(times);
    expect(times).not.toContain('0000-00-00 00:00:00');
  });

  it('answers random with one uncached GIF', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const { status, body, headers } = await server.get('/v1/gifs/random?rating=r');
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(Array.isArray(body.data)).toBe(false);
      expect(body.pagination).toBeUndefined();
      ids.add(body.data.id);
    }
    expect(ids.size).toBeGreaterThan(1);
    const tagged = await server.get('/v1/gifs/random?tag=pizza&rating=r');
    expect(`${tagged.body.data.title} ${tagged.body.data.tags}`.toLowerCase()).toContain('pizza');
  });

  it('finds related GIFs by shared tags', async () => {
    const { body: source } = await server.get('/v1/gifs/search?q=pizza&limit=1&rating=r');
    const gif = source.data[0];
    const { status, body } = await server.get(`/v1/gifs/related?gif_id=${gif.id}&rating=r`);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const related of body.data) {
      expect(related.id).not.toBe(gif.id);
      expect(related.tags.some((t: string) => gif.tags.includes(t))).toBe(true);
    }
    expect((await server.get('/v1/gifs/related?gif_id=NoSuchGif123')).status).toBe(404);
  });

  it('answers related GIFs as they are now: a kept page never outlives a tag edit', async () => {
    // Straight to the services: the edge's cache is not what this checks.
    const related = async (gifId: string) => {
      const url = new URL(`/v1/gifs/related?gif_id=${gifId}&rating=r&limit=50`, server.baseUrl);
      url.searchParams.set('api_key', server.webKey);
      const body = (await (await server.services(new Request(url))).json()) as { data: { id: string }[] };
      return body.data.map((g) => g.id);
    };
    const { body } = await server.get('/v1/gifs/trending?limit=25&rating=r');
    const [source, ...rest] = body.data as { id: string }[];
    const tag = `kept-page-check-${kind}`;
    const before = await related(source!.id);
    const other = rest.find((g) => !before.includes(g.id));
    expect(await related(source!.id)).toEqual(before);
    for (const id of [source!.id, other!.id]) {
      await server.store.db
        .updateTable('gifs')
        .set({ tags: sql`array_append(tags, ${tag})` })
        .where('id', '=', id)
        .execute();
    }
    expect(await related(source!.id)).toContain(other!.id);
  });

  it('gives every answer the server makes a fresh response id; the edge cache repeats its copy', async () => {
    const a = await server.get('/v1/gifs/trending?limit=1');
    const b = await server.get('/v1/gifs/trending?limit=2');
    expect(a.body.meta.response_id).not.toBe(b.body.meta.response_id);
    const again = await server.get('/v1/gifs/trending?limit=1');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.body.meta.response_id).toBe(a.body.meta.response_id);
  });
});
