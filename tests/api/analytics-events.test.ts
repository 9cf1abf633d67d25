import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('analytics-event collector (%s)', (kind) => {
  let server: TestServer;
  /** A GIF of the corpus: events naming a GIF count only when it exists. */
  let gif = '';
  beforeAll(async () => {
    server = await startTestServer(kind);
    gif = (await server.get('/v1/gifs/trending?limit=1')).body.data[0].id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const common = () => ({ event_id: randomUUID(), user_id: 'a1b2c3d4e5f6a7b8', ts: Date.now(), page_path: '/gifs/funny-cat-abc123' });
  const click = (extra: Record<string, unknown> = {}) => ({
    ...common(),
    kind: 'event',
    category: 'Embed',
    action: 'Copy',
    label: 'Embed Code',
    gif_id: gif,
    ...extra,
  });
  const pageView = (extra: Record<string, unknown> = {}) => ({
    ...common(),
    kind: 'page_view',
    virtual_page_path: '/search/cats/page/2',
    ...extra,
  });
  const error = (extra: Record<string, unknown> = {}) => ({
    ...common(),
    kind: 'error',
    message: 'Error fetching data from a Public API',
    source: 'embed.js:12',
    ...extra,
  });

  const post = (body: unknown, key: string | null = server.webKey) =>
    fetch(`${server.baseUrl}/v2/analytics${key === null ? '' : `?apikey=${key}`}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const logged = (ids: string[]) => server.store.db.selectFrom('events').selectAll().where('event_id', 'in', ids).orderBy('seq').execute();

  it('accepts every kind and logs each on the GIF’s stream or its page’s', async () => {
    const batch = [
      click(),
      pageView({ gif_id: gif }),
      pageView({ page_path: '/search/cats', virtual_page_path: undefined }),
      error({ page_path: '/' }),
    ];
    const res = await post({ events: batch });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
    const rows = await logged(batch.map((e) => e.event_id));
    expect(rows.map((r) => [r.type, r.stream, r.stream_id])).toEqual([
      ['analytics.event', 'gif', gif],
      ['analytics.page_view', 'gif', gif],
      ['analytics.page_view', 'page', '/search'],
      ['analytics.error', 'page', '/'],
    ]);
    const [first] = batch;
    expect(rows[0]!.payload).toEqual({
      kind: 'event',
      category: 'Embed',
      action: 'Copy',
      label: 'Embed Code',
      gif_id: gif,
      user_id: 'a1b2c3d4e5f6a7b8',
      page_path: '/gifs/funny-cat-abc123',
      client_ts: first!.ts,
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new Date(rows[0]!.ts).getTime()).toBe(first!.ts);
    expect(rows[1]!.payload).toMatchObject({ kind: 'page_view', virtual_page_path: '/search/cats/page/2', gif_id: gif });
    expect(rows[3]!.payload).toMatchObject({
      kind: 'error',
      message: 'Error fetching data from a Public API',
      source: 'embed.js:12',
      page_path: '/',
    });
    expect(rows.every((r) => !('event_id' in (r.payload as object)) && !('ts' in (r.payload as object)))).toBe(true);
  });

  it('accepts every SPEC action', async () => {
    const batch = ['Click', 'Hover', 'Copy', 'Social Sharing', 'SCROLL', 'CLICK'].map((action) => click({ action }));
    expect((await (await post({ events: batch })).json()).data.accepted).toBe(6);
  });

  it('counts a repeated event id once', async () => {
    const batch = [click(), pageView()];
    await post({ events: batch });
    const again = await post({ events: [...batch, error()] });
    expect((await again.json()).data).toMatchObject({ accepted: 1, duplicates: 2, rejected: [] });
    expect(await logged(batch.map((e) => e.event_id))).toHaveLength(2);
  });

  it('rejects each invalid field by index with a message naming it, and keeps the good events', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [click({ kind: 'impression' }), 'kind must be one of event, page_view, error'],
      [click({ category: 'Widget' }), 'category must be Embed'],
      [click({ action: 'Wink' }), 'action must be one of Click, Hover, Copy, Social Sharing, SCROLL, CLICK'],
      [click({ label: '' }), 'label is required'],
      [click({ label: 'x'.repeat(101) }), 'label must be at most 100 characters'],
      [click({ gif_id: 'not a gif id' }), 'gif_id must be a GIF id'],
      [click({ gif_id: 'nosuchgif999' }), 'gif_id names no GIF on this server'],
      [click({ event_id: 'short' }), 'event_id must be 8 to 64'],
      [click({ user_id: '' }), 'user_id is required'],
      [click({ ts: 'yesterday' }), 'ts must be a number of milliseconds'],
      [pageView({ page_path: 'https://evil.example/gifs' }), 'page_path must be a path starting with /'],
      [pageView({ page_path: '//evil.example/gifs' }), 'page_path must be a path starting with /'],
      [pageView({ page_path: `/${'a'.repeat(500)}` }), 'page_path must be at most 500 characters'],
      [pageView({ virtual_page_path: 'search/cats' }), 'virtual_page_path must be a path starting with /'],
      [error({ message: '' }), 'message is required'],
      [error({ message: 'x'.repeat(501) }), 'message must be at most 500 characters'],
      [error({ source: 'x'.repeat(501) }), 'source must be at most 500 characters'],
      [{ ...error(), page_path: undefined }, 'page_path must be a path starting with /'],
    ];
    const good = [click(), pageView(), error()];
    const events = [good[0], ...bad.map(([e]) => e), good[1], 'not an event', good[2]];
    const res = await post({ events });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.accepted).toBe(3);
    expect(data.rejected.map((r: { index: number }) => r.index)).toEqual([...bad.map((_, i) => i + 1), bad.length + 2]);
    for (const [i, [, message]] of bad.entries()) expect(data.rejected[i].error, message).toContain(message);
    expect(data.rejected.at(-1).error).toBe('event must be a JSON object');
    expect(await logged(good.map((e) => e.event_id))).toHaveLength(3);
  });

  it('refuses a batch with nothing usable, and a missing or unknown key', async () => {
    const allBad = await post({ events: [click({ action: 'Wink' }), pageView({ page_path: 'nope' })] });
    expect(allBad.status).toBe(400);
    const body = await allBad.json();
    expect(body.meta.msg).toBe('every event was rejected');
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([0, 1]);
    expect((await post({ events: [] })).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect((await post({ events: [click()] }, null)).status).toBe(401);
    expect((await post({ events: [click()] }, 'wrong-key')).status).toBe(403);
  });

  it('answers the preflight of a cross-origin JSON POST', async () => {
    const res = await fetch(`${server.baseUrl}/v2/analytics?apikey=${server.webKey}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://host.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});
