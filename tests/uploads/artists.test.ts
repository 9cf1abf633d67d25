/**
 * Artists: the listing's filters and sorts, the freelance flag and music-artist link on a creator's
 * profile, and the Spotify resolver against a stand-in for Spotify's oEmbed endpoint on 127.0.0.1
 * (a malformed link is a 400, an unknown artist a 404, an unreachable service a 502).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const KNOWN = '4Z8W4fKeB5YxbusRsdQVPb';

describe.each(storeKinds())('artists (%s)', (kind) => {
  let server: AccountsServer;
  let spotify: http.Server;
  let creator: TestUser;
  const asked: string[] = [];
  beforeAll(async () => {
    spotify = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      asked.push(url.searchParams.get('url') ?? '');
      if (url.searchParams.get('url') === `https://open.spotify.com/artist/${KNOWN}`)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ title: 'Radiohead', type: 'rich' }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => spotify.listen(0, '127.0.0.1', resolve));
    server = await startAccountsServer(kind, { spotifyOembedUrl: `http://127.0.0.1:${(spotify.address() as AddressInfo).port}/oembed` });
    creator = await server.makeUser('creator');
    // Give the creator a visible GIF: artists are creators with public GIFs.
    const gif = await server.db
      .selectFrom('gifs')
      .select('id')
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('gifs')
      .set({ user_id: creator.userId, update_datetime: new Date(Date.now() + 60_000) })
      .where('id', '=', gif.id)
      .execute();
  });
  afterAll(async () => {
    await server?.close();
    spotify?.close();
  });

  it('resolves a Spotify artist link to the artist’s name, and names every failure', async () => {
    const ok = await server.call(
      'GET',
      `/api/v3/spotify/artist?spotify_url=${encodeURIComponent(`https://open.spotify.com/artist/${KNOWN}?si=abc`)}`,
      { as: creator },
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.name).toBe('Radiohead');
    expect(asked.at(-1)).toBe(`https://open.spotify.com/artist/${KNOWN}`);
    const malformed = await server.call('GET', '/api/v3/spotify/artist?spotify_url=https://evil.test/artist/x', { as: creator });
    expect([malformed.status, malformed.body.field]).toEqual([400, 'spotify_url']);
    expect((await server.call('GET', `/api/v3/spotify/artist?spotify_url=spotify:artist:${'a'.repeat(22)}`, { as: creator })).status).toBe(
      404,
    );
    expect((await server.call('GET', `/api/v3/spotify/artist?spotify_url=spotify:artist:${KNOWN}`)).status).toBe(401);
  });

  it('answers 502 when Spotify cannot be reached', async () => {
    const down = await startAccountsServer(kind, { spotifyOembedUrl: 'http://127.0.0.1:9/oembed' });
    try {
      const user = await down.makeUser('creator');
      const res = await down.call('GET', `/api/v3/spotify/artist?spotify_url=spotify:artist:${KNOWN}`, { as: user });
      expect(res.status).toBe(502);
      expect(res.body.meta.msg).toMatch(/could not be reached/);
    } finally {
      await down.close();
    }
  });

  it('lists artists with their freelance flag and music artist, filtered and sorted', async () => {
    const set = await server.call('PATCH', `/api/v4/artists/${creator.userId}/`, {
      as: creator,
      json: { is_freelance: true, music_artist_url: `https://open.spotify.com/artist/${KNOWN}` },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toMatchObject({ is_freelance: true, music_artist_name: 'Radiohead' });
    expect(
      (
        await server.call('PATCH', `/api/v4/artists/${creator.userId}/`, {
          as: await server.makeUser('creator'),
          json: { is_freelance: false },
        })
      ).status,
    ).toBe(403);
    const list = await server.call('GET', '/api/v4/artists/');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      username: creator.username,
      is_freelance: true,
      music_artist: { name: 'Radiohead' },
      gif_count: 1,
    });
    const freelance = await server.call('GET', '/api/v4/artists/?freelance=true');
    expect(freelance.body.data.map((a: { username: string }) => a.username)).toEqual([creator.username]);
    expect(
      (await server.call('GET', `/api/v4/artists/?filter=${creator.username.slice(0, 8)}`)).body.data.map(
        (a: { username: string }) => a.username,
      ),
    ).toContain(creator.username);
    expect((await server.call('GET', '/api/v4/artists/?filter=radiohead')).body.data[0].username).toBe(creator.username);
    const byName = (await server.call('GET', '/api/v4/artists/?sort=name&order=asc')).body.data.map(
      (a: { display_name: string; username: string }) => (a.display_name || a.username).toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort());
    expect((await server.call('GET', '/api/v4/artists/?sort=age')).status).toBe(400);
  });
});
