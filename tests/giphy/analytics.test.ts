/**
 * GIPHY's own analytics package, @giphy/js-analytics from the npm registry, unchanged, posting to a
 * live server: it sends the key fixed inside it, no event ids, positions as JSON strings and
 * comma-joined layouts. Its SEEN, CLICK and HOVER pingbacks must each be counted exactly once in the
 * view-count read models, also when the same batch arrives twice. Run on both stores.
 */
import { Logger } from '@giphy/js-util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GIPHY_SDK_PINGBACK_KEY } from '../../apps/server/src/collector/constants.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

type Pingback = typeof import('@giphy/js-analytics').pingback;

describe.each(storeKinds())('@giphy/js-analytics against Loopbox (%s)', (kind) => {
  let server: TestServer;
  let pingback: Pingback;
  const posted: { url: string; body: string }[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // The package reads its collector's origin once, when loaded: a fresh copy per server.
    (globalThis as { GIPHY_PINGBACK_URL?: string }).GIPHY_PINGBACK_URL = server.baseUrl;
    vi.resetModules();
    ({ pingback } = await import('@giphy/js-analytics'));
    // Watch (never change) what it sends, so the same batch can be sent again as a retry would.
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/v2/pingback') && typeof init?.body === 'string') posted.push({ url, body: init.body });
      return realFetch(input, init);
    }) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server?.close();
  });

  const counts = async (id: string) => {
    await server.analytics.catchUp();
    const { status, body } = await server.get(`/api/v1/proxy-gif/${id}/view-count/`, {
      headers: { Authorization: `Bearer ${server.adminToken}` },
    });
    expect(status).toBe(200);
    return { views: body.view_count, clicks: body.clicks, hovers: body.hovers };
  };
  const logged = async () =>
    Number(
      (
        await server.store.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('type', 'like', 'pingback.%')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts its SEEN, CLICK and HOVER pingbacks exactly once, a re-sent batch included', async () => {
    const { body } = await server.get('/v1/gifs/search?q=heart&limit=3');
    const gifs = body.data as { id: string; analytics_response_payload: string }[];
    expect(gifs).toHaveLength(3);
    const before = await logged();
    const rect = (i: number) =>
      JSON.stringify({ left: 10 * i, top: 5, width: 200, height: 150, right: 10 * i + 200, bottom: 155, x: 10 * i, y: 5 });
    for (const [i, gif] of gifs.entries()) {
      pingback({
        actionType: 'SEEN',
        analyticsResponsePayload: gif.analytics_response_payload,
        attributes: { position: rect(i), layout_type: 'SEARCH, GRID' },
      });
    }
    pingback({
      actionType: 'CLICK',
      analyticsResponsePayload: gifs[0]!.analytics_response_payload,
      attributes: { position: rect(0), layout_type: 'GRID' },
    });
    pingback({
      actionType: 'HOVER',
      analyticsResponsePayload: gifs[1]!.analytics_response_payload,
      attributes: { position: rect(1), layout_type: 'CAROUSEL' },
    });
    // The package debounces by a second and posts without waiting for anyone.
    await vi.waitFor(async () => expect(await logged()).toBe(before + 5), { timeout: 15_000, interval: 100 });

    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe(`${server.baseUrl}/v2/pingback?apikey=${GIPHY_SDK_PINGBACK_KEY}`);
    const sent = JSON.parse(posted[0]!.body) as { events: Record<string, unknown>[] };
    expect(sent.events.every((event) => event.event_id === undefined)).toBe(true);
    // A retry of the same batch counts nothing new.
    const again = await realFetch(posted[0]!.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: posted[0]!.body,
    });
    expect((await again.json()).data).toMatchObject({ accepted: 0, duplicates: 5 });

    expect(await counts(gifs[0]!.id)).toMatchObject({ views: 1, clicks: 1, hovers: 0 });
    expect(await counts(gifs[1]!.id)).toMatchObject({ views: 1, clicks: 0, hovers: 1 });
    expect(await counts(gifs[2]!.id)).toMatchObject({ views: 1, clicks: 0, hovers: 0 });

    const seen = await server.store.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'pingback.seen')
      .where('stream_id', '=', gifs[2]!.id)
      .executeTakeFirstOrThrow();
    expect(seen.payload).toMatchObject({
      api_key: GIPHY_SDK_PINGBACK_KEY,
      attributes: { layout_type: 'GRID', layout_context: 'SEARCH', position: { x: 20, y: 5, width: 200, height: 150 } },
    });
  });

  it('counts a pingback sent in its verification mode, and marks it', async () => {
    const { body } = await server.get('/v1/gifs/search?q=pizza&limit=1');
    const gif = body.data[0] as { id: string; analytics_response_payload: string };
    const before = await logged();
    Logger.ENABLED = true;
    try {
      pingback({ actionType: 'SEEN', analyticsResponsePayload: gif.analytics_response_payload, attributes: { layout_type: 'GRID' } });
    } finally {
      Logger.ENABLED = false;
    }
    await vi.waitFor(async () => expect(await logged()).toBe(before + 1), { timeout: 15_000, interval: 100 });
    const last = JSON.parse(posted.at(-1)!.body) as { events: { analytics_response_payload: string }[] };
    expect(last.events[0]!.analytics_response_payload.endsWith('&mode=verification')).toBe(true);
    const row = await server.store.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'pingback.seen')
      .where('stream_id', '=', gif.id)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.payload).toMatchObject({ verification: true });
  });
});
