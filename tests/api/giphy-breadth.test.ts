/**
 * GIPHY's public API beyond its JavaScript SDK, checked against GIPHY's documented examples on both
 * stores: randomid, {gifs,stickers}/translate with weirdness, the Clips endpoints, fields and bundle
 * (renditions on demand), country_code and region, and each GIF's analytics object with the action
 * register it points at. Each error is GIPHY's: 400 naming the parameter, 404 in GIPHY's envelope.
 * A private or removed GIF never comes back through translate or clips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITION_BUNDLES } from '../../apps/server/src/public-api/constants.ts';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';
import { putInState } from '../content-policy/gif-states.ts';

type Gif = {
  id: string;
  type: string;
  images: Record<string, unknown>;
  video?: { assets: Record<string, unknown> };
  analytics_response_payload: string;
  analytics: Record<string, { url: string }>;
};

describe.each(storeKinds())('GIPHY API breadth (%s)', (kind) => {
  let server: AccountsServer;
  const run = Math.random().toString(36).slice(2, 8);
  beforeAll(async () => {
    server = await startAccountsServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string) => server.call('GET', `${path}${path.includes('?') ? '&' : '?'}api_key=${server.webKey}`, { direct: true });
  const expectRefused = async (path: string, status: number, names: string) => {
    const res = await get(path);
    expect([res.status, res.body.meta?.status], res.text).toEqual([status, status]);
    expect(res.body.meta.msg).toContain(names);
    expect(typeof res.body.meta.response_id).toBe('string');
  };
  /** Search rankings are kept per content version, reread at most once a second (content/content-version.ts). */
  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await check()).toBe(true);
  }
  const tagGif = async (type: 'gif' | 'video', tag: string): Promise<string> => {
    const row = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('type', '=', type)
      .where('is_removed', '=', false)
      .where('visibility', '=', 'public')
      .where('moderation_state', '=', 'none')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await putInState(server.store.db, row.id, 'public', { tags: [tag] });
    return row.id;
  };

  describe('randomid', () => {
    it('answers {data: {random_id}} fresh each call, never cached, and random_id is taken by search, trending and translate', async () => {
      const [a, b] = [await get('/v1/randomid'), await get('/v1/randomid')];
      expect(a.status).toBe(200);
      expect(a.body.meta).toMatchObject({ status: 200, msg: 'OK' });
      expect(a.body.data.random_id).toMatch(/^[0-9a-f]{32}$/);
      expect(b.body.data.random_id).not.toBe(a.body.data.random_id);
      expect(a.headers.get('cache-control')).toBe('no-store');
      const id = a.body.data.random_id as string;
      for (const path of [
        `/v1/gifs/search?q=cat&random_id=${id}`,
        `/v1/gifs/trending?random_id=${id}`,
        `/v1/gifs/translate?s=cat&random_id=${id}`,
        `/v1/clips/trending?random_id=${id}`,
      ]) {
        expect((await get(path)).status, path).toBe(200);
      }
    });
  });

  describe('translate', () => {
    it('turns a phrase into one GIF from search, the best match at weirdness 0 and the same for the same inputs', async () => {
      const search = await get('/v1/gifs/search?q=cat&limit=50');
      const found = (search.body.data as Gif[]).map((g) => g.id);
      expect(found.length).toBeGreaterThan(1);
      const plain = await get('/v1/gifs/translate?s=cat');
      expect(plain.status).toBe(200);
      expect(Array.isArray(plain.body.data)).toBe(false);
      expect(plain.body.pagination).toBeUndefined();
      expect(plain.body.data.id).toBe(found[0]);
      for (let w = 0; w <= 10; w++) {
        const [one, again] = [await get(`/v1/gifs/translate?s=cat&weirdness=${w}`), await get(`/v1/gifs/translate?s=cat&weirdness=${w}`)];
        expect(found.slice(0, 1 + w * 4)).toContain(one.body.data.id);
        expect(again.body.data.id).toBe(one.body.data.id);
      }
    });

    it('translates stickers to stickers', async () => {
      const res = await get('/v1/stickers/translate?s=heart');
      expect(res.status).toBe(200);
      expect(res.body.data.is_sticker).toBe(1);
    });

    it('refuses a bad weirdness or a missing s with 400 naming it, and answers 404 when nothing matches', async () => {
      await expectRefused('/v1/gifs/translate?s=cat&weirdness=11', 400, 'weirdness');
      await expectRefused('/v1/gifs/translate?s=cat&weirdness=-1', 400, 'weirdness');
      await expectRefused('/v1/gifs/translate?s=cat&weirdness=odd', 400, 'weirdness');
      await expectRefused('/v1/gifs/translate', 400, 's is required');
      await expectRefused(`/v1/gifs/translate?s=${'x'.repeat(51)}`, 400, 's must be');
      await expectRefused(`/v1/gifs/translate?s=zzqx${run}nomatch`, 404, 'found');
      await expectRefused('/v1/text/translate?s=cat', 404, 'No route');
    });

    it('never translates to a private or removed GIF', async () => {
      const tag = `translate${run}`;
      const id = await tagGif('gif', tag);
      await eventually(async () => (await get(`/v1/gifs/translate?s=${tag}`)).body.data?.id === id);
      for (const state of ['private', 'removed'] as const) {
        await putInState(server.store.db, id, state);
        await eventually(async () => (await get(`/v1/gifs/translate?s=${tag}`)).status === 404);
        await putInState(server.store.db, id, 'public');
        await eventually(async () => (await get(`/v1/gifs/translate?s=${tag}`)).body.data?.id === id);
      }
    });
  });

  describe('clips', () => {
    it('searches, lists trending and looks up clips, each a clip object with its video assets', async () => {
      const trending = await get('/v1/clips/trending?limit=5');
      expect(trending.status).toBe(200);
      const clips = trending.body.data as Gif[];
      expect(clips.length).toBeGreaterThan(0);
      for (const clip of clips) {
        expect(clip.type).toBe('video');
        expect(Object.keys(clip.video!.assets).length).toBeGreaterThan(0);
        expect(clip.video).toMatchObject({ duration: expect.any(Number), captions: [] });
      }
      expect(trending.body.pagination).toMatchObject({ count: clips.length, offset: 0 });
      const one = await get(`/v1/clips/${clips[0]!.id}`);
      expect([one.status, one.body.data.id, one.body.data.type]).toEqual([200, clips[0]!.id, 'video']);
      const gif = (await get('/v1/gifs/trending?limit=1')).body.data[0] as Gif;
      const byIds = await get(`/v1/clips?ids=${clips[0]!.id},${gif.id},zzUnknownClip`);
      expect((byIds.body.data as Gif[]).map((g) => g.id)).toEqual([clips[0]!.id]);
      const tag = `clipsearch${run}`;
      const clipId = await tagGif('video', tag);
      await eventually(async () => ((await get(`/v1/clips/search?q=${tag}`)).body.data as Gif[]).some((g) => g.id === clipId));
    });

    it('answers a GIF that is not a clip as an unknown id (404), and bad input with 400 naming it', async () => {
      const gif = (await get('/v1/gifs/trending?limit=1')).body.data[0] as Gif;
      const notClip = await get(`/v1/clips/${gif.id}`);
      const unknown = await get('/v1/clips/zzUnknownClip');
      expect([notClip.status, unknown.status]).toEqual([404, 404]);
      expect(notClip.body.meta.msg.replace(gif.id, 'ID')).toBe(unknown.body.meta.msg.replace('zzUnknownClip', 'ID'));
      await expectRefused('/v1/clips/search', 400, 'q is required');
      await expectRefused('/v1/clips/trending?limit=0', 400, 'limit');
      await expectRefused('/v1/clips/search?q=cat&offset=5000', 400, 'offset');
      await expectRefused('/v1/clips', 400, 'ids is required');
      await expectRefused('/v1/clips/trending?rating=x', 400, 'rating');
    });

    it('never shows a private or removed clip by id, by ids or in search', async () => {
      const tag = `clippolicy${run}`;
      const id = await tagGif('video', tag);
      await eventually(async () => ((await get(`/v1/clips/search?q=${tag}`)).body.data as Gif[]).some((g) => g.id === id));
      for (const state of ['private', 'removed'] as const) {
        await putInState(server.store.db, id, state);
        expect((await get(`/v1/clips/${id}`)).status).not.toBe(200);
        expect((await get(`/v1/clips?ids=${id}`)).body.data).toEqual([]);
        await eventually(async () => !((await get(`/v1/clips/search?q=${tag}`)).body.data as Gif[]).some((g) => g.id === id));
        expect(((await get('/v1/clips/trending?limit=50')).body.data as Gif[]).map((g) => g.id)).not.toContain(id);
        await putInState(server.store.db, id, 'public');
      }
    });
  });

  describe('fields and bundle', () => {
    it('keeps only the fields asked, nested ones included, ignoring unknown names (GIPHY: fields=id,url,images.original)', async () => {
      const res = await get(
        '/v1/gifs/search?q=cat&limit=3&fields=id,url,images.original,nosuchfield,constructor,__proto__.x,images.toString',
      );
      expect(res.status).toBe(200);
      for (const gif of res.body.data) {
        expect(Object.keys(gif).sort()).toEqual(['id', 'images', 'url']);
        expect(Object.keys(gif.images)).toEqual(['original']);
        expect(gif.images.original.url).toMatch(/\/media\//);
      }
      expect(res.body.pagination).toMatchObject({ count: 3 });
      expect(res.body.meta.status).toBe(200);
      const one = await get(`/v1/gifs/${res.body.data[0].id}?fields=id,images`);
      expect(Object.keys(one.body.data).sort()).toEqual(['id', 'images']);
      expect(Object.keys(one.body.data.images).length).toBeGreaterThan(10);
      // Answers made otherwise than from kept wire texts are trimmed alike: random, text rendered on demand, a payload asked by name.
      expect(Object.keys((await get('/v1/gifs/random?fields=id,title')).body.data).sort()).toEqual(['id', 'title']);
      const text = await get(`/v1/text/search?q=${run}&fields=id,analytics.onsent`);
      expect(text.body.data.length).toBeGreaterThan(0);
      for (const gif of text.body.data) expect([Object.keys(gif), Object.keys(gif.analytics)]).toEqual([['id', 'analytics'], ['onsent']]);
      const payloadOnly = await get(`/v1/gifs?ids=${res.body.data[0].id}&fields=analytics_response_payload`);
      expect(Object.keys(payloadOnly.body.data[0])).toEqual(['analytics_response_payload']);
      // The full answer after a trimmed one is still whole: the trimming never reaches what is kept.
      const full = await get('/v1/gifs/search?q=cat&limit=3');
      expect(Object.keys(full.body.data[0].images).length).toBeGreaterThan(10);
      expect(full.body.data[0].analytics_response_payload).toMatch(/^e=/);
    });

    it("keeps each bundle's renditions only, and refuses an unknown bundle with 400 naming it", async () => {
      for (const [bundle, keeps] of Object.entries(RENDITION_BUNDLES)) {
        const res = await get(`/v1/gifs/search?q=cat&limit=3&bundle=${bundle}`);
        expect(res.status, bundle).toBe(200);
        for (const gif of res.body.data as Gif[]) {
          const kept = Object.keys(gif.images);
          expect(kept.length, bundle).toBeGreaterThan(0);
          expect(
            kept.every((name) => keeps.images.includes(name)),
            `${bundle}: ${kept}`,
          ).toBe(true);
          expect(gif.id).toBeTruthy();
        }
      }
      const clips = await get('/v1/clips/trending?limit=3&bundle=clips_grid_picker&fields=id,images,video.assets');
      for (const clip of clips.body.data as Gif[]) {
        expect(Object.keys(clip.images).every((n) => ['original', 'fixed_width'].includes(n))).toBe(true);
        expect(Object.keys(clip.video!.assets).every((n) => RENDITION_BUNDLES.clips_grid_picker!.assets!.includes(n))).toBe(true);
        expect(Object.keys(clip.video!)).toEqual(['assets']);
      }
      await expectRefused('/v1/gifs/search?q=cat&bundle=everything', 400, 'bundle');
      await expectRefused('/v1/gifs/trending?bundle=everything', 400, 'bundle');
    });
  });

  describe('fields and bundle at the edge', () => {
    it('keeps trimmed and full answers apart in the edge cache, both ways round', async () => {
      const edge = (path: string) => server.call('GET', path);
      const full = await edge('/v1/gifs/search?q=dog&limit=2');
      const trimmed = await edge('/v1/gifs/search?q=dog&limit=2&fields=id');
      const fullAgain = await edge('/v1/gifs/search?q=dog&limit=2');
      expect(Object.keys(trimmed.body.data[0])).toEqual(['id']);
      expect(Object.keys(fullAgain.body.data[0]).length).toBeGreaterThan(20);
      const id = full.body.data[0].id as string;
      const bundledFirst = await edge(`/v1/gifs/${id}?bundle=low_bandwidth`);
      const whole = await edge(`/v1/gifs/${id}`);
      expect(Object.keys(bundledFirst.body.data.images).every((n) => RENDITION_BUNDLES.low_bandwidth!.images.includes(n))).toBe(true);
      expect(Object.keys(whole.body.data.images)).toContain('original');
    });
  });

  describe('country_code and region', () => {
    it('accepts 2-letter codes on every GIF call and refuses others with 400 naming them', async () => {
      for (const path of ['/v1/gifs/search?q=cat', '/v1/gifs/trending?x=1', '/v1/gifs/translate?s=cat', '/v1/clips/trending?x=1']) {
        expect((await get(`${path}&country_code=US&region=NY`)).status, path).toBe(200);
      }
      await expectRefused('/v1/gifs/search?q=cat&country_code=USA', 400, 'country_code');
      await expectRefused('/v1/gifs/search?q=cat&country_code=1', 400, 'country_code');
      await expectRefused('/v1/gifs/trending?region=New York', 400, 'region');
    });
  });

  describe('the analytics object and the action register', () => {
    it("gives every GIF onload, onclick and onsent URLs with its signed payload (GIPHY's analytics object)", async () => {
      for (const path of [
        '/v1/gifs/search?q=cat&limit=5',
        '/v1/gifs/trending?limit=5',
        '/v1/clips/trending?limit=2',
        '/v1/stickers/search?q=heart&limit=2',
      ]) {
        for (const gif of (await get(path)).body.data as Gif[]) {
          expect(Object.keys(gif.analytics).sort(), path).toEqual(['onclick', 'onload', 'onsent']);
          for (const [on, action] of [
            ['onload', 'SEEN'],
            ['onclick', 'CLICK'],
            ['onsent', 'SENT'],
          ] as const) {
            const url = new URL(gif.analytics[on]!.url);
            expect(url.origin).toBe(server.baseUrl);
            expect(url.pathname).toBe('/v2/pingback_simple');
            expect(url.searchParams.get('action_type')).toBe(action);
            expect(url.searchParams.get('analytics_response_payload')).toBe(gif.analytics_response_payload);
          }
        }
      }
      const one = await get(`/v1/gifs/translate?s=cat`);
      expect(one.body.data.analytics.onload.url).toContain(encodeURIComponent(one.body.data.analytics_response_payload));
    });

    it('counts a call to those URLs as the pingback it registers, once, and refuses an altered payload', async () => {
      const gif = (await get('/v1/gifs/search?q=cat&limit=1')).body.data[0] as Gif;
      const ts = Date.now();
      const url = `${gif.analytics.onsent!.url.slice(server.baseUrl.length)}&random_id=${run}abcdef&ts=${ts}`;
      const first = await get(url);
      expect([first.status, first.body.data?.accepted], first.text).toEqual([200, 1]);
      expect((await get(url)).body.data).toMatchObject({ accepted: 0, duplicates: 1 });
      const logged = await server.store.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('stream_id', '=', gif.id)
        .where('type', '=', 'pingback.sent')
        .execute();
      expect(logged.some((e) => (e.payload as { user_id?: string }).user_id === `${run}abcdef`)).toBe(true);
      const altered = await get(
        url
          .replace('action_type=SENT', 'action_type=SENT')
          .replace(/analytics_response_payload=[^&]+/, 'analytics_response_payload=e%3Dforged'),
      );
      expect(altered.status).toBe(400);
      await expectRefused(`/v2/pingback_simple?analytics_response_payload=x&action_type=SHOUT`, 400, 'action_type');
      // Fired as it came (no key, as GIPHY's analytics URLs are), it is counted as GIPHY's analytics package's pingbacks are.
      const keyless = await server.call(
        'GET',
        `${gif.analytics.onclick!.url.slice(server.baseUrl.length)}&random_id=${run}keyless&ts=${ts}`,
        { direct: true },
      );
      expect([keyless.status, keyless.body.data?.accepted], keyless.text).toEqual([200, 1]);
    });
  });

  describe('the API reference', () => {
    it('documents every new route and parameter, with an example answer', async () => {
      const doc = (await server.call('GET', '/openapi.json')).body as {
        paths: Record<
          string,
          { get?: { parameters: { name: string }[]; responses: Record<string, { content?: Record<string, { example?: unknown }> }> } }
        >;
      };
      const wanted: Record<string, string[]> = {
        '/v1/randomid': [],
        '/v1/{type}/translate': ['s', 'weirdness', 'rating', 'lang', 'random_id', 'country_code', 'region', 'fields', 'bundle'],
        '/v1/clips/search': ['q', 'limit', 'offset', 'rating', 'lang', 'random_id', 'country_code', 'region', 'fields', 'bundle'],
        '/v1/clips/trending': ['limit', 'offset', 'rating', 'random_id', 'country_code', 'region', 'fields', 'bundle'],
        '/v1/clips': ['ids', 'fields', 'bundle'],
        '/v1/clips/{id}': ['id'],
        '/v2/pingback_simple': ['analytics_response_payload', 'action_type', 'random_id', 'customer_id', 'ts'],
        '/v1/{type}/search': ['fields', 'bundle', 'country_code', 'region', 'random_id'],
      };
      for (const [path, params] of Object.entries(wanted)) {
        const get = doc.paths[path]?.get;
        expect(get, path).toBeDefined();
        const names = get!.parameters.map((p) => p.name);
        for (const name of params) expect(names, `${path} ${name}`).toContain(name);
        if (path !== '/v1/{type}/search') expect(get!.responses['200']!.content!['application/json']!.example, path).toBeDefined();
      }
    });
  });
});
