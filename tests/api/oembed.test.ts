/** GET /oembed: the embed code of a GIF page as an oEmbed "rich" response, and its errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedCode, fitInto } from '@loopbox/pages';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('oEmbed', () => {
  let server: TestServer;
  let gif: { id: string; slug: string; title: string; width: number; height: number };

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const row = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'slug', 'title', 'images'])
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .executeTakeFirstOrThrow();
    gif = { id: row.id, slug: row.slug, title: row.title, width: row.images.original!.width, height: row.images.original!.height };
  });
  afterAll(() => server?.close());

  const oembed = async (query: string) => {
    const res = await fetch(`${server.baseUrl}/oembed?${query}`);
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  };

  it('answers a GIF page URL with a rich response holding the embed code', async () => {
    const url = `${server.baseUrl}/gifs/${gif.slug}`;
    const { status, type, body } = await oembed(new URLSearchParams({ url, format: 'json' }).toString());
    expect(status).toBe(200);
    expect(type).toContain('application/json');
    const size = fitInto(gif.width, gif.height);
    expect(body).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Loopbox',
      provider_url: server.baseUrl,
      title: gif.title,
      ...size,
    });
    expect(Math.max(size.width, size.height)).toBe(480);
    expect(body.html).toBe(
      embedCode({ embedUrl: `${server.baseUrl}/embed/${gif.id}`, pageUrl: url, width: gif.width, height: gif.height }),
    );
    // The scheme and host the site is served on: an http install's embed must load.
    expect(body.html).toContain(`src="${server.baseUrl}/embed/${gif.id}"`);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('accepts an id-only GIF page and an embed URL, json being the default format', async () => {
    for (const path of [`/gifs/${gif.id}`, `/embed/${gif.id}`]) {
      const { status, body } = await oembed(new URLSearchParams({ url: `${server.baseUrl}${path}` }).toString());
      expect(status).toBe(200);
      expect(body.title).toBe(gif.title);
    }
  });

  it('answers bad input with JSON errors', async () => {
    const cases: Array<[string, number, string]> = [
      ['format=json', 400, 'url is required'],
      ['url=not-a-url', 400, 'absolute URL'],
      [new URLSearchParams({ url: `${server.baseUrl}/search/cats` }).toString(), 404, 'not a GIF page'],
      [new URLSearchParams({ url: `${server.baseUrl}/gifs/nope-Zz9NoSuchGif` }).toString(), 404, 'not found'],
      [new URLSearchParams({ url: `${server.baseUrl}/gifs/${gif.id}`, format: 'xml' }).toString(), 501, 'format must be json'],
      // The oEmbed spec: a URL of another host is not this provider's, even with a GIF page's path.
      [new URLSearchParams({ url: `https://elsewhere.example/gifs/${gif.id}` }).toString(), 404, 'not a page of this site'],
      [new URLSearchParams({ url: `http://127.0.0.1:1/gifs/${gif.id}` }).toString(), 404, 'not a page of this site'],
    ];
    for (const [query, status, message] of cases) {
      const res = await oembed(query);
      expect([query, res.status]).toEqual([query, status]);
      expect(res.body.error).toContain(message);
    }
  });
});

/** With PUBLIC_URL set, the embed code and the URLs it answers for are on that origin, not the request's. */
describe('oEmbed behind PUBLIC_URL', () => {
  for (const publicUrl of ['https://gifs.example.test', 'http://gifs.example.test:8080']) {
    it(`writes the embed code on ${publicUrl}`, async () => {
      const server = await startTestServer('pglite', { publicUrl });
      try {
        const row = await server.store.db
          .selectFrom('gifs')
          .select(['id', 'slug'])
          .where('type', '=', 'gif')
          .where('is_removed', '=', false)
          .executeTakeFirstOrThrow();
        const res = await fetch(`${server.baseUrl}/oembed?${new URLSearchParams({ url: `${publicUrl}/gifs/${row.slug}` })}`);
        const body = await res.json();
        expect(res.status).toBe(200);
        expect(body.provider_url).toBe(publicUrl);
        expect(body.html).toContain(`<iframe src="${publicUrl}/embed/${row.id}"`);
        expect(body.html).toContain(`href="${publicUrl}/gifs/${row.slug}"`);
      } finally {
        await server.close();
      }
    });
  }
});
