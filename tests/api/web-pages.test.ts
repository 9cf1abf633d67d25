/** The GIF page's HTML as the server renders it: oEmbed discovery without running any script. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('GIF page HTML', () => {
  let server: TestServer;
  let gif: { id: string; slug: string };

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    gif = await server.store.db.selectFrom('gifs').select(['id', 'slug']).where('is_removed', '=', false).executeTakeFirstOrThrow();
  });
  afterAll(() => server?.close());

  /** The oEmbed link tags of a page's raw HTML, as their decoded href values. */
  const oembedLinks = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="application\/json\+oembed" href="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('carries the oEmbed discovery link in the served HTML, and it answers', async () => {
    for (const path of [`/gifs/${gif.id}`, `/gifs/${gif.slug}`]) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const links = oembedLinks(html);
      expect(links).toEqual([`${server.baseUrl}/oembed?${new URLSearchParams({ url: `${server.baseUrl}${path}`, format: 'json' })}`]);
      expect(html).toContain('&amp;format=json');
      expect(html.indexOf('application/json+oembed')).toBeLessThan(html.indexOf('</head>'));
      const oembed = await (await fetch(links[0]!)).json();
      expect(oembed).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Loopbox' });
    }
  });

  it('names its own origin, never a forwarded host a client made up (set PUBLIC_URL behind a proxy)', async () => {
    const html = await (await fetch(`${server.baseUrl}/gifs/${gif.id}`, { headers: { 'x-forwarded-host': 'loop.example', 'x-forwarded-proto': 'https' } })).text();
    expect(oembedLinks(html)).toEqual([`${server.baseUrl}/oembed?${new URLSearchParams({ url: `${server.baseUrl}/gifs/${gif.id}`, format: 'json' })}`]);
  });

  it('gives the embed page no oEmbed link', async () => {
    const html = await (await fetch(`${server.baseUrl}/embed/${gif.id}`)).text();
    expect(html).toContain('LOOPBOX_CONFIG');
    expect(oembedLinks(html)).toEqual([]);
  });
});
