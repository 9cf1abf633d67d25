import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalytics, type Analytics } from '../../apps/server/src/analytics/index.ts';
import { createApp } from '../../apps/server/src/app.ts';
import { trendingRulesFrom } from '../../apps/server/src/analytics/trending-settings.ts';
import { ensureCredentials } from '../../apps/server/src/tokens/credentials.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { appendEvents } from '../../apps/server/src/store/events.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { isSampleItem, TEST_MEDIA_DIR } from '../support/corpus.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('analytics backend endpoints (%s)', (kind) => {
  let store: Store;
  let analytics: Analytics;
  let server: ServerType;
  let baseUrl: string;
  let webKey: string;
  let adminToken: string;
  let dataDir: string;

  beforeAll(async () => {
    store = await openTestStore(kind);
    await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-backend-'));
    ({ webKey, adminToken } = await ensureCredentials(store.db, { dataDir }));
    // Not started: the tests catch up on demand, so nothing depends on timing.
    analytics = createAnalytics(store.db);
    // One searcher a term is enough here: the rules of trending searches are tested in trending-searches.test.ts.
    const app = createApp({
      checkAnswers: true,
      db: store.db,
      mediaDir: TEST_MEDIA_DIR,
      analytics,
      trendingRules: { ...trendingRulesFrom({}), minSearchers: 1 },
    });
    server = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await analytics?.stop();
    await store?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // As staff (the admin token): who else may read what is tested in tests/accounts/analytics-access.test.ts.
  const get = async (p: string) => {
    const res = await fetch(new URL(p, baseUrl), { headers: { Authorization: `Bearer ${adminToken}` } });
    return { status: res.status, body: (await res.json()) as any };
  };
  const v1 = (p: string) => get(`${p}${p.includes('?') ? '&' : '?'}api_key=${webKey}`);
  const pingbacks = async (payload: string, actions: string[]) => {
    const events = actions.map((action) => ({
      event_id: randomUUID(),
      action_type: action,
      analytics_response_payload: payload,
      user_id: 'a1b2c3d4e5f6a7b8',
      ts: Date.now(),
      attributes: { layout_type: 'GRID', page_path: '/search/x' },
    }));
    const res = await fetch(`${baseUrl}/v2/pingback?apikey=${webKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    expect(res.status).toBe(200);
  };
  const searchEvents = () =>
    store.db.selectFrom('events').select(['event_id', 'payload']).where('type', '=', 'search.performed').orderBy('seq').execute();

  /** The seeded trending order of visible GIFs, as ids. */
  const seededTrending = async () =>
    (
      await store.db
        .selectFrom('gifs')
        .select('id')
        .where('type', '=', 'gif')
        .where('trending_datetime', 'is not', null)
        .where('is_hidden', '=', false)
        .where('is_removed', '=', false)
        .where('rating', 'in', ['g', 'pg', 'pg-13'])
        .orderBy('trending_datetime', 'desc')
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const ids = (body: { data: { id: string }[] }) => body.data.map((g) => g.id);

  it('falls back to the seeded orders while nothing has been projected', async () => {
    const trending = await v1('/v1/gifs/trending?limit=5');
    expect(ids(trending.body)).toEqual((await seededTrending()).slice(0, 5));
    const searches = await v1('/v1/trending/searches');
    expect(searches.status).toBe(200);
    expect(searches.body.data.length).toBeGreaterThan(0);
    expect((await get('/api/v1/analytics/dashboard-trending-searches/')).body).toEqual({ username: null, data: [] });
  });

  let gif: { id: string; payload: string; username: string; userId: number };
  it('logs a search after answering it, once per response and only for its first page, never for a count alone', async () => {
    const res = await v1('/v1/gifs/search?q=%20Pizza%20%20Party&limit=10');
    expect(res.status).toBe(200);
    const owned = res.body.data.find((g: { user?: { username: string } }) => g.user?.username);
    expect(owned).toBeDefined();
    const user = await store.db.selectFrom('users').select('id').where('username', '=', owned.user.username).executeTakeFirstOrThrow();
    gif = { id: owned.id, payload: owned.analytics_response_payload, username: owned.user.username, userId: user.id };
    await v1('/v1/gifs/search?q=pizza%20party&offset=5');
    // A result tab's count: the total alone, and no search of its own.
    const count = await v1('/v1/gifs/search?q=pizza%20party&count_only=true');
    expect(count.status).toBe(200);
    expect(count.body.data).toEqual([]);
    expect(count.body.pagination).toMatchObject({ total_count: res.body.pagination.total_count, count: 0, offset: 0 });
    const bad = await v1('/v1/gifs/search?q=pizza&count_only=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.meta.msg).toBe('count_only must be true or false');
    await analytics.searchLog.flush();
    await analytics.searchLog.flush();
    const logged = await searchEvents();
    expect(logged).toEqual([
      {
        event_id: `search:${res.body.meta.response_id}`,
        payload: {
          term: 'pizza party',
          type: 'gifs',
          result_count: res.body.pagination.total_count,
          response_id: res.body.meta.response_id,
          searcher: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
      },
    ]);
  });

  it('feeds pingbacks and searches into the view counts, trending and dashboard reads', async () => {
    await pingbacks(gif.payload, ['SEEN', 'SEEN', 'SEEN', 'CLICK', 'HOVER', 'START']);
    for (let i = 0; i < 3; i++) await v1('/v1/gifs/search?q=cats');
    expect(await analytics.catchUp()).toBeGreaterThan(0);

    const gifViews = await get(`/api/v1/proxy-gif/${gif.id}/view-count/`);
    expect(gifViews.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(gifViews.body).toEqual({
      gif_id: gif.id,
      view_count: 3,
      clicks: 1,
      hovers: 1,
      starts: 1,
      daily: [{ date: today, views: 3, clicks: 1, hovers: 1, starts: 1 }],
    });
    const userViews = await get(`/api/v1/users/${gif.userId}/view-count/`);
    expect(userViews.body).toMatchObject({ user_id: gif.userId, view_count: 3, clicks: 1, daily: [{ date: today, views: 3 }] });

    const trending = await get(`/ajax/gifs/trending?gif_ids=${gif.id},zzzzzz9`);
    expect(trending.status).toBe(200);
    expect(trending.body.data[0]).toMatchObject({ gif_id: gif.id, is_trending: true });
    expect(trending.body.data[0].trending_score).toBeGreaterThan(5);
    expect(trending.body.data[1]).toEqual({ gif_id: 'zzzzzz9', trending_score: 0, is_trending: false });
    // The scored GIF first, then the seeded order without it; pages may straddle the two lists.
    const rest = (await seededTrending()).filter((id) => id !== gif.id);
    const first = await v1('/v1/gifs/trending?limit=3');
    expect(ids(first.body)).toEqual([gif.id, ...rest.slice(0, 2)]);
    expect(ids((await v1('/v1/gifs/trending?limit=2&offset=1')).body)).toEqual(rest.slice(0, 2));
    expect(ids((await v1('/v1/gifs/trending?limit=2&offset=4')).body)).toEqual(rest.slice(3, 5));
    expect(first.body.pagination.total_count).toBe(rest.length + 1);

    expect((await v1('/v1/trending/searches')).body.data.slice(0, 2)).toEqual(['cats', 'pizza party']);
    const dashboard = await get('/api/v1/analytics/dashboard-trending-searches/');
    expect(dashboard.body.data.map((t: { term: string; searches: number }) => [t.term, t.searches])).toEqual([
      ['cats', 3],
      ['pizza party', 1],
    ]);
    const mine = await get(`/api/v1/analytics/dashboard-trending-searches/?username=${gif.username}`);
    expect(mine.body).toEqual({ username: gif.username, data: [{ term: 'pizza party', views: 3 }] });
  });

  it('counts old views in the totals but keeps only the last 30 days in the daily series', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await store.db.transaction().execute((trx) =>
      appendEvents(trx, [
        {
          eventId: randomUUID(),
          type: 'pingback.seen',
          stream: 'gif',
          streamId: gif.id,
          ts: old,
          payload: { action_type: 'SEEN', attributes: {} },
        },
      ]),
    );
    await analytics.catchUp();
    const views = await get(`/api/v1/proxy-gif/${gif.id}/view-count/`);
    expect(views.body.view_count).toBe(4);
    expect(views.body.daily.map((d: { date: string }) => d.date)).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it("logs a clips search's first page as a search of videos, from either route, and never a count alone", async () => {
    const before = (await searchEvents()).length;
    const videos = await v1('/v1/videos/search?q=news');
    const clips = await v1('/v1/clips/search?q=news');
    expect(videos.body.data.length).toBeGreaterThan(0);
    await v1('/v1/videos/search?q=news&offset=1');
    await v1('/v1/videos/search?q=news&count_only=true');
    await v1('/v1/clips/search?q=news&count_only=true');
    await analytics.searchLog.flush();
    await analytics.searchLog.flush();
    const logged = (await searchEvents()).slice(before);
    expect(logged.map((e) => e.payload)).toEqual(
      [videos, clips].map((res) =>
        expect.objectContaining({
          term: 'news',
          type: 'videos',
          response_id: res.body.meta.response_id,
          result_count: res.body.pagination.total_count,
        }),
      ),
    );
  });

  it('answers bad input with a clear JSON error and unknown ids with 404', async () => {
    const cases: [string, number, RegExp][] = [
      ['/api/v1/users/abc/view-count/', 400, /id must be a positive whole number/],
      ['/api/v1/users/99999999/view-count/', 404, /User 99999999 not found/],
      ['/api/v1/proxy-gif/bad%20id/view-count/', 400, /id must be/],
      ['/api/v1/proxy-gif/nosuchgif1/view-count/', 404, /GIF nosuchgif1 not found/],
      ['/ajax/gifs/trending', 400, /gif_ids is required/],
      ['/ajax/gifs/trending?gif_ids=,', 400, /at least one id/],
      [`/ajax/gifs/trending?gif_ids=${Array.from({ length: 101 }, (_, i) => `g${i}`).join(',')}`, 400, /at most 100 ids/],
      ['/api/v1/analytics/dashboard-trending-searches/?username=a', 400, /username must be/],
      ['/api/v1/analytics/dashboard-trending-searches/?username=nobody_here', 404, /User nobody_here not found/],
    ];
    for (const [p, status, msg] of cases) {
      const res = await get(p);
      expect([p, res.status]).toEqual([p, status]);
      expect(res.body.meta.msg).toMatch(msg);
      expect(res.body.meta.msg).not.toMatch(/^request:/);
    }
  });
});
