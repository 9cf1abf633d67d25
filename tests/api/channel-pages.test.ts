/**
 * Channel pages as the server answers them, before any script runs: status, title and canonical
 * address of `/{slug}`, `/channels/{slug}[/page/{n}]` and `/channel/{slug}/search/{term}`; a
 * username before a channel slug at `/{name}`; hidden, private and unknown channels are the 404 page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('channel pages (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { web: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async (path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`);
    const html = await res.text();
    return {
      status: res.status,
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    };
  };

  it('answers a channel at /{slug}, its feed pages and searches inside it', async () => {
    const channel = await server.store.db
      .selectFrom('channels')
      .select(['slug', 'display_name'])
      .where('slug', '=', 'reactions')
      .executeTakeFirstOrThrow();
    expect(await page('/reactions')).toEqual({
      status: 200,
      title: `${channel.display_name} GIFs - Loopbox`,
      canonical: `${server.baseUrl}/reactions`,
    });
    expect(await page('/channels/reactions')).toMatchObject({ status: 200, canonical: `${server.baseUrl}/reactions` });
    expect(await page('/channels/reactions/page/2')).toEqual({
      status: 200,
      title: `${channel.display_name} GIFs - Page 2 - Loopbox`,
      canonical: `${server.baseUrl}/channels/reactions/page/2`,
    });
    expect(await page('/channel/reactions/search/happy')).toEqual({
      status: 200,
      title: `happy GIFs in ${channel.display_name} - Loopbox`,
      canonical: `${server.baseUrl}/channel/reactions/search/happy`,
    });
    const child = await server.store.db
      .selectFrom('channels')
      .select('slug')
      .where('slug', 'like', '%-%')
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect((await page(`/${child.slug}`)).status).toBe(200);
  });

  it('keeps the site’s own paths and profiles first: such channels live at /channels/{slug}', async () => {
    expect((await page('/stickers')).title).toBe('Trending Stickers - Loopbox');
    expect(await page('/channels/stickers')).toMatchObject({ status: 200, canonical: `${server.baseUrl}/channels/stickers` });
    // The demo corpus has a user and a channel named pixelpal: the profile answers /pixelpal.
    expect((await page('/pixelpal')).title).toContain('@pixelpal');
    expect(await page('/channels/pixelpal')).toMatchObject({ status: 200, canonical: `${server.baseUrl}/channels/pixelpal` });
    const answer = await fetch(`${server.baseUrl}/api/v4/channels?slug=pixelpal`);
    expect(((await answer.json()) as { data: { url: string } }).data.url).toBe(`${server.baseUrl}/channels/pixelpal`);
  });

  it('answers hidden, private and unknown channels with the 404 page', async () => {
    await server.store.db.updateTable('channels').set({ is_visible: false }).where('slug', '=', 'animals').execute();
    await server.store.db.updateTable('channels').set({ is_private: true }).where('slug', '=', 'sports').execute();
    for (const path of [
      '/animals',
      '/channels/sports/page/2',
      '/channel/animals/search/cats',
      '/no-such-channel',
      '/channels/no-such-channel',
    ]) {
      expect(await page(path)).toMatchObject({ status: 404, title: 'Page not found - Loopbox' });
    }
  });
});
