import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { newSecret, secretHash } from '../../apps/server/src/auth/secrets.ts';
import { createApp } from '../../apps/server/src/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('public GIF API: keys, errors, CORS and CTA (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves a call without a key with the device’s key at the edge, and refuses an unknown key with 403 in GIPHY’s error body', async () => {
    const anonymous = await server.get('/v1/gifs/trending?no_key=1');
    expect(anonymous.status).toBe(200);
    // Behind the edge the server still refuses a call that reaches it without a key.
    const app = createApp({ db: server.store.db, mediaDir: server.mediaDir });
    const missing = await app.request('/v1/gifs/trending');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      meta: { status: 401, msg: 'No API key found in request', response_id: expect.stringMatching(/^[0-9a-f]{40}$/) },
    });
    const unknown = await server.get('/v1/gifs/trending?api_key=not-a-real-key');
    expect(unknown.status).toBe(403);
    expect(unknown.body.meta.msg).toBe('Invalid authentication credentials');
    const mobile = await server.get(`/v1/gifs/trending?api_key=${server.mobileKey}`);
    expect(mobile.status).toBe(200);
  });

  it('refuses a revoked key', async () => {
    await server.store.db.insertInto('api_keys').values({ key: 'revoked-key-123', kind: 'web', revoked_at: new Date() }).execute();
    expect((await server.get('/v1/gifs/trending?api_key=revoked-key-123')).status).toBe(403);
  });

  const badInputs: [string, string][] = [
    ['/v1/gifs/search?q=cat&limit=0', 'limit must be an integer from 1 to 50'],
    ['/v1/gifs/search?q=cat&limit=51', 'limit must be an integer from 1 to 50'],
    ['/v1/gifs/search?q=cat&limit=ten', 'limit must be an integer from 1 to 50'],
    ['/v1/gifs/search?q=cat&offset=-1', 'offset must be an integer from 0 to 4999'],
    ['/v1/gifs/search?q=cat&rating=nc-17', 'rating must be one of g, pg, pg-13, r'],
    ['/v1/gifs/search', 'q is required'],
    ['/v1/gifs/search?q=%20%20', 'q must not be empty'],
    [`/v1/gifs/search?q=${'x'.repeat(51)}`, 'q must be at most 50 characters'],
    ['/v1/videos/search?q=cat&excludeDynamicResults=maybe', ''],
    ['/v1/movies/search?q=cat', 'type must be one of gifs, stickers, text'],
    ['/v1/gifs?ids=abc,d%20e', 'id must be 1 to 64 characters without spaces'],
    [`/v1/gifs/${'x'.repeat(65)}`, 'id must be 1 to 64 characters'],
    ['/v1/gifs/search?q=cat&api_key=%00', 'api_key must not contain NUL characters'],
    ['/v1/gifs/search?q=cat&limit=%00', 'limit must not contain NUL characters'],
    ['/v1/gifs/search?q=cat&rating=%ED%A0%80', 'rating must be one of'],
    ['/v1/gifs/search?q=cat&lang=%ED%A0%80x', 'lang must be a 2-letter language code'],
    [`/v1/gifs/search?q=cat&pingback_id=${'p'.repeat(5001)}`, 'pingback_id must be at most 5000 characters'],
    ['/v1/gifs/trending?rating=undefined&limit=abc', 'limit must be an integer from 1 to 50'],
    ['/v1/gifs?ids=', 'ids is required'],
    ['/v1/gifs?ids=,,', 'ids must list at least one id'],
    [`/v1/gifs?ids=${Array.from({ length: 101 }, (_, i) => `id${i}`).join(',')}`, 'ids may list at most 100 ids'],
    ['/v1/gifs/related', 'gif_id'],
    ['/v1/text/animate', 'm is required'],
    ['/v1/tags/related/%20', 'tag must not be empty'],
  ];
  it.each(badInputs)('answers 400 with a clear message for %s', async (path, message) => {
    const { status, body } = await server.get(path);
    if (message === '') {
      expect(status).toBe(200); // an unknown parameter is ignored, as GIPHY does
      return;
    }
    expect(status).toBe(400);
    expect(body.meta.status).toBe(400);
    expect(body.meta.msg).toContain(message);
  });

  // What GIPHY's clients send for options they left unset: `String(undefined)`, or nothing.
  const absentValues: string[] = [
    '/v1/gifs/search?q=pizza&excludeDynamicResults=undefined&rating=undefined&lang=undefined&offset=undefined&limit=undefined&type=gifs&sort=undefined',
    '/v1/stickers/search?q=heart&excludeDynamicResults=&rating=&offset=',
    '/v1/gifs/trending?rating=undefined&offset=undefined&limit=undefined&bundle=undefined&type=gifs',
    '/v1/gifs/random?tag=undefined&rating=undefined&type=gifs',
    '/v1/gifs/categories?offset=undefined&limit=undefined',
    '/v1/emoji?offset=undefined&limit=undefined',
    '/v1/channels/search?q=loop&offset=undefined&rating=undefined',
    '/v1/trending/searches?limit=undefined',
    '/v1/text/animate?m=hello&offset=undefined&limit=undefined&rating=undefined',
  ];
  it.each(absentValues)('reads an empty or `undefined` parameter as absent: %s', async (path) => {
    const { status, body } = await server.get(path);
    expect(status, JSON.stringify(body.meta)).toBe(200);
  });

  it('answers 404 in GIPHY’s body for an id that could be a GIF’s but names none', async () => {
    for (const path of ['/v1/gifs/no-such-id-xyz', '/v1/gifs/related?gif_id=no-such-id', '/v1/gifs/no-such-id/associations']) {
      const { status, body } = await server.get(path);
      expect(status, path).toBe(404);
      expect(body.meta).toMatchObject({ status: 404, msg: expect.stringContaining('not found') });
    }
  });

  it('searches for free text with control characters normalised, never a 5xx', async () => {
    const { status, body } = await server.get('/v1/gifs/search?q=piz%00za%0A&limit=1');
    expect(status).toBe(200);
    expect(body.meta.status).toBe(200);
  });

  it('answers CORS preflights for JSON POSTs carrying SDK headers, from any origin', async () => {
    const res = await fetch(`${server.baseUrl}/v1/gifs/search?q=cat`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-giphy-sdk-name,x-giphy-sdk-version,x-giphy-sdk-platform',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'x-giphy-sdk-name', 'x-giphy-sdk-version', 'x-giphy-sdk-platform']) expect(allowed).toContain(h);
    const get = await fetch(`${server.baseUrl}/v1/gifs/trending?api_key=${server.webKey}`, { headers: { Origin: 'https://example.test' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
  });

  describe('call to action', () => {
    const ctaEvents = async (id: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM events WHERE stream = 'gif' AND stream_id = ${id} AND type LIKE 'gif.cta%'`.execute(server.store.db)
        ).rows[0]?.n,
      );
    const put = (id: string, body: unknown, token?: string) =>
      fetch(`${server.baseUrl}/v1/gifs/${id}/cta?api_key=${server.webKey}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const owned = async (username: string) => {
      const { body } = await server.get(`/v1/gifs/search?q=@${username}&rating=r&limit=1`);
      return body.data[0].id as string;
    };

    it('sets and removes a CTA with staff credentials, logging each change', async () => {
      const id = await owned('studio_sunny');
      const set = await put(id, { link: 'https://example.test/shop', text: 'Shop now' }, server.adminToken);
      expect(set.status).toBe(200);
      expect((await server.get(`/v1/gifs/${id}`)).body.data.cta).toEqual({ link: 'https://example.test/shop', text: 'Shop now' });
      const removed = await fetch(`${server.baseUrl}/v1/gifs/${id}/cta?api_key=${server.webKey}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${server.adminToken}` },
      });
      expect(removed.status).toBe(200);
      expect((await server.get(`/v1/gifs/${id}`)).body.data.cta).toBeUndefined();
      expect(await ctaEvents(id)).toBe(2);
    });

    it('lets an owner edit their own GIF but not someone else’s', async () => {
      const user = await server.store.db.selectFrom('users').select('id').where('username', '=', 'pixelpal').executeTakeFirstOrThrow();
      const token = newSecret();
      await server.store.db
        .insertInto('access_tokens')
        .values({ token_hash: secretHash(token), user_id: user.id })
        .execute();
      expect((await put(await owned('pixelpal'), { link: 'https://example.test', text: 'Mine' }, token)).status).toBe(200);
      const other = await owned('retro_rita');
      const refused = await put(other, { link: 'https://example.test', text: 'Not mine' }, token);
      expect(refused.status).toBe(403);
      expect((await refused.json()).meta.msg).toContain('owner or staff');
      expect(await ctaEvents(other)).toBe(0);
    });

    it('refuses bad credentials and bad bodies, changing nothing', async () => {
      const id = await owned('retro_rita');
      expect((await put(id, { link: 'https://example.test', text: 'x' })).status).toBe(401);
      expect((await put(id, { link: 'https://example.test', text: 'x' }, 'wrong-token')).status).toBe(401);
      const badLink = await put(id, { link: 'javascript:alert(1)', text: 'x' }, server.adminToken);
      expect(badLink.status).toBe(400);
      expect((await badLink.json()).meta.msg).toContain('link must be an http(s) URL');
      expect((await put(id, { link: 'https://example.test', text: '' }, server.adminToken)).status).toBe(400);
      expect((await put(id, { link: 'https://example.test', text: 'y'.repeat(41) }, server.adminToken)).status).toBe(400);
      expect((await put(id, 'not json at all', server.adminToken)).status).toBe(400);
      expect((await put('NoSuchGif123', { link: 'https://example.test', text: 'x' }, server.adminToken)).status).toBe(404);
      expect((await server.get(`/v1/gifs/${id}`)).body.data.cta).toBeUndefined();
      expect(await ctaEvents(id)).toBe(0);
    });
  });
});
