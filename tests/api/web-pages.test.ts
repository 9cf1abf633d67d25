/**
 * The site's HTML as the server renders it, without running any script: each path's status (404 for
 * unknown paths, GIFs and profiles, hidden users included; JSON kept for API paths), the head
 * (title, description, canonical, Open Graph, Twitter card, oEmbed discovery) and escaping.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('site HTML (%s)', (kind) => {
  let server: TestServer;
  let gif: { id: string; slug: string; title: string };
  let publicUser: string;
  let hiddenUser: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { web: true });
    const { id } = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('type', '=', 'gif')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The slug as the site shows it: a hidden author's name is cut from the stored one (content/gif-row.ts).
    gif = (await server.get(`/v1/gifs/${id}`)).body.data;
    publicUser = (await server.store.db.selectFrom('users').select('username').where('is_public', '=', true).executeTakeFirstOrThrow())
      .username;
    hiddenUser = (await server.store.db.selectFrom('users').select('username').where('is_public', '=', false).executeTakeFirstOrThrow())
      .username;
  });
  afterAll(() => server?.close());

  const page = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.baseUrl}${path}`, init);
    return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
  };
  /** The oEmbed link tags of a page's raw HTML, as their decoded href values. */
  const oembedLinks = (html: string) =>
    [...html.matchAll(/<link rel="alternate" type="application\/json\+oembed" href="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`))?.[1];

  it('answers every site page with 200 and its own title', async () => {
    for (const [path, title] of [
      ['/', 'Loopbox - GIFs and stickers to share'],
      ['/search/cat', 'cat GIFs - Loopbox'],
      ['/search/cat/stickers/page/3', 'cat Stickers - Page 3 - Loopbox'],
      ['/trending-gifs', 'Trending GIFs - Loopbox'],
      ['/stickers', 'Trending Stickers - Loopbox'],
      ['/categories', 'GIF Categories - Loopbox'],
      ['/categories/animals', 'Animals GIFs - Loopbox'],
      ['/categories/animals/cats', 'Animals: Cats GIFs - Loopbox'],
      ['/explore/cat', 'Explore cat GIFs - Loopbox'],
    ]) {
      const res = await page(path!);
      expect([path, res.status, res.type]).toEqual([path, 200, 'text/html; charset=UTF-8']);
      expect(res.html).toContain(`<title>${title}</title>`);
      expect(res.html).toContain(`<link rel="canonical" href="${server.baseUrl}${path}">`);
      expect(res.html).toContain('"pageStatus":200');
    }
  });

  it("answers issue 31's pages with their titles, redirects the bare /gifs and /explore, and serves a sticker at /stickers/{slug}", async () => {
    for (const [path, title] of [
      ['/about', 'About Loopbox - Loopbox'],
      ['/apps', 'Apps and API - Loopbox'],
      ['/studios', 'Studios - Loopbox'],
      ['/search', 'Search GIFs and stickers - Loopbox'],
    ]) {
      const res = await page(path!);
      expect([path, res.status, res.type]).toEqual([path, 200, 'text/html; charset=UTF-8']);
      expect(res.html).toContain(`<title>${title}</title>`);
      expect(res.html).toContain(`<link rel="canonical" href="${server.baseUrl}${path}">`);
      expect(res.html).toMatch(/<meta name="description" content="[^"]{20,}">/);
      // The icons, from every page of the site.
      expect(res.html).toContain('<link rel="icon" href="/favicon.ico" sizes="48x48" />');
      expect(res.html).toContain('<link rel="apple-touch-icon" href="/static/apple-touch-icon.png" />');
      expect(res.html).toContain('<link rel="manifest" href="/static/site.webmanifest" />');
    }
    // What /about shows of this instance: the settings' defaults (web/site-info.ts) in the page config.
    expect((await page('/about')).html).toContain('"site":{"name":"Loopbox","description":"A self-hosted Loopbox');
    for (const [path, to] of [
      ['/gifs', '/trending-gifs'],
      ['/gifs/', '/trending-gifs'],
      ['/explore', '/'],
    ]) {
      const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 301, to]);
    }
    const sticker = (await server.get('/v1/stickers/trending?limit=1')).body.data[0];
    const atStickers = await page(`/stickers/${sticker.slug}`);
    expect(atStickers.status).toBe(200);
    // One canonical address for the GIF, whichever path opened it.
    expect(atStickers.html).toContain(`<link rel="canonical" href="${server.baseUrl}/gifs/${sticker.slug}">`);
    expect((await page('/stickers/nope-Zz9NoSuchGif')).status).toBe(404);
    const icon = await fetch(`${server.baseUrl}/favicon.ico`);
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/x-icon']);
    expect([...new Uint8Array(await icon.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
    const manifest = await (await fetch(`${server.baseUrl}/static/site.webmanifest`)).json();
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512']);
  });

  it('answers 404 pages for unknown paths, GIFs, categories and users, hidden ones included; 403 and 503 for their pages', async () => {
    for (const path of [
      '/nope/x',
      '/upload/x',
      '/gifs/nope-Zz9NoSuchGif',
      '/categories/nope',
      '/categories/animals/nope',
      `/${hiddenUser}`,
      '/no_such_user',
      '/404',
      '/search/cat/page/0',
      '/assets/missing.js',
    ]) {
      const res = await page(path);
      expect([path, res.status, res.type]).toEqual([path, 404, 'text/html; charset=UTF-8']);
      expect(res.html).toContain('<title>Page not found - Loopbox</title>');
      expect(res.html).toContain('<meta name="robots" content="noindex">');
      expect(res.html).toContain('"pageStatus":404');
    }
    expect((await page('/403')).status).toBe(403);
    expect((await page('/maintenance')).status).toBe(503);
  });

  it('serves the account pages with their titles, never indexed; /login/check stays JSON', async () => {
    for (const [path, title] of [
      ['/join', 'Join - Loopbox'],
      ['/join/verify', 'Confirm your e-mail address - Loopbox'],
      ['/login?next=%2Fsettings', 'Log in - Loopbox'],
      ['/password', 'Reset your password - Loopbox'],
      ['/settings', 'Settings - Loopbox'],
      ['/favorites', 'Your favorites - Loopbox'],
    ]) {
      const res = await page(path!);
      expect([path, res.status, res.type]).toEqual([path, 200, 'text/html; charset=UTF-8']);
      expect(res.html).toContain(`<title>${title}</title>`);
      expect(res.html).toContain('<meta name="robots" content="noindex">');
      expect(res.html).not.toContain('rel="canonical"');
    }
    const check = await page('/login/check');
    expect([check.status, check.type]).toEqual([200, 'application/json']);
    expect(JSON.parse(check.html)).toMatchObject({
      loggedInStatus: false,
      userType: 'anonymous',
      permissions: { 'session.create': 'any' },
    });
    // The staff outbox page sends visitors to the login page and back.
    const outbox = await fetch(`${server.baseUrl}/dashboard/outbox`, { redirect: 'manual' });
    expect([outbox.status, outbox.headers.get('location')]).toEqual([302, '/login?next=%2Fdashboard%2Foutbox']);
  });

  it("logs one search for a search page's view, of its own tab: the tabs' counts are not searches", async () => {
    const searches = async () =>
      (
        await server.store.db
          .selectFrom('events')
          .select('payload')
          .where('type', '=', 'search.performed')
          .where('stream_id', '=', 'cat')
          .orderBy('seq')
          .execute()
      ).map((e) => (e.payload as { type: string }).type);
    const settled = async () => {
      await server.analytics.searchLog.flush();
      await server.analytics.searchLog.flush();
      return searches();
    };
    const before = await settled();
    const { status, html } = await page('/search/cat');
    expect(status).toBe(200);
    // The tabs' counts are in the first screen: the GIFs, stickers and clips totals the page was made from.
    expect(html).toContain('count_only=true');
    expect(await settled()).toEqual([...before, 'gifs']);
    // The clips tab's own search is one of videos.
    expect((await page('/search/cat/clips')).status).toBe(200);
    expect(await settled()).toEqual([...before, 'gifs', 'videos']);
  });

  it('keeps JSON for API paths', async () => {
    for (const path of [
      `/v1/nope?api_key=${server.webKey}`,
      `/v2/nope?api_key=${server.webKey}`,
      '/api/nope',
      '/ajax/nope',
      '/media/nope',
      '/oembed/nope',
    ]) {
      const res = await page(path);
      expect([path, res.status, res.type]).toEqual([path, 404, 'application/json']);
      expect(JSON.parse(res.html).meta.status).toBe(404);
    }
  });

  it('answers the embed of an unknown GIF with a small 404 page', async () => {
    const res = await page('/embed/Zz9NoSuchGif');
    expect([res.status, res.type]).toEqual([404, 'text/html; charset=UTF-8']);
    expect(res.html).toContain('This GIF is not available');
    expect(res.html).not.toContain('<script');
    expect((await page(`/embed/${gif.id}`)).status).toBe(200);
  });

  it('gives a GIF page its head: canonical slug URL, Open Graph, Twitter player card and an oEmbed link that answers', async () => {
    for (const path of [`/gifs/${gif.id}`, `/gifs/${gif.slug}`]) {
      const res = await page(path);
      expect(res.status).toBe(200);
      const canonical = `${server.baseUrl}/gifs/${gif.slug}`;
      expect(res.html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(meta(res.html, 'og:url')).toBe(canonical);
      expect(meta(res.html, 'og:image')).toMatch(new RegExp(`^${server.baseUrl}/media/${gif.id}/`));
      expect(meta(res.html, 'twitter:card')).toBe('player');
      expect(meta(res.html, 'twitter:player')).toBe(`${server.baseUrl}/embed/${gif.id}`);
      const links = oembedLinks(res.html);
      expect(links).toEqual([`${server.baseUrl}/oembed?${new URLSearchParams({ url: canonical, format: 'json' })}`]);
      expect(res.html.indexOf('application/json+oembed')).toBeLessThan(res.html.indexOf('</head>'));
      expect(await (await fetch(links[0]!)).json()).toMatchObject({ version: '1.0', type: 'rich', provider_name: 'Loopbox' });
    }
  });

  it('gives a public profile its head', async () => {
    const res = await page(`/${publicUser}`);
    expect(res.status).toBe(200);
    expect(meta(res.html, 'og:type')).toBe('profile');
    expect(res.html).toContain(`(@${publicUser.toLowerCase()}) GIFs and stickers - Loopbox</title>`);
  });

  it('names its own origin, never a forwarded host a client made up (set PUBLIC_URL behind a proxy)', async () => {
    const { html } = await page(`/gifs/${gif.slug}`, { headers: { 'x-forwarded-host': 'loop.example', 'x-forwarded-proto': 'https' } });
    expect(oembedLinks(html)).toEqual([
      `${server.baseUrl}/oembed?${new URLSearchParams({ url: `${server.baseUrl}/gifs/${gif.slug}`, format: 'json' })}`,
    ]);
  });

  it('gives the embed page no oEmbed link', async () => {
    const { html } = await page(`/embed/${gif.id}`);
    expect(html).toContain('LOOPBOX_CONFIG');
    expect(oembedLinks(html)).toEqual([]);
  });
});

describe.each(storeKinds())('public profiles (GET /api/v1/profiles/{username}/) (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it('answers a public user, in any letter case, without an id; 404 for unknown and hidden users alike', async () => {
    const users = await server.store.db.selectFrom('users').select(['username', 'is_public']).execute();
    const shown = users.find((u) => u.is_public)!;
    const hidden = users.find((u) => !u.is_public)!;
    const res = await fetch(`${server.baseUrl}/api/v1/profiles/${shown.username.toUpperCase()}/`);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ username: shown.username, is_public: true, profile_url: `${server.baseUrl}/${shown.username}` });
    expect(data).not.toHaveProperty('id');
    for (const name of [hidden.username, 'no_such_user']) {
      const missing = await fetch(`${server.baseUrl}/api/v1/profiles/${name}/`);
      expect([name, missing.status]).toEqual([name, 404]);
      expect(JSON.stringify(await missing.json())).not.toContain('display_name');
    }
    expect((await fetch(`${server.baseUrl}/api/v1/profiles/bad%20name/`)).status).toBe(400);
  });
});
