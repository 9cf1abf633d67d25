import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { createApp } from '../../apps/server/src/app.ts';
import { GIPHY_SDK_PINGBACK_KEY } from '../../apps/server/src/collector/constants.ts';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validateBatch } from '../../apps/server/src/collector/batch.ts';
import { PingbackEvent, pingbackToLog } from '../../apps/server/src/collector/pingback-event.ts';
import { plainPingback } from '../../apps/server/src/collector/pingback-check.ts';
import { collectorRoutes } from '../../apps/server/src/collector/routes.ts';
import { received } from '../../apps/server/src/collector/fields.ts';
import { createPayloadSigner } from '../../apps/server/src/payload-signing/signer.ts';
import type { ApiEnv } from '../../apps/server/src/public-api/context.ts';
import { groupCommitter } from '../../apps/server/src/collector/group-commit.ts';
import { handleErrors } from '../../apps/server/src/http/envelope.ts';
import { appendEventsReturningIds, type NewEvent } from '../../apps/server/src/store/events.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('pingback collector (%s)', (kind) => {
  let server: TestServer;
  let payload: string;
  let gifId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const { body } = await server.get('/v1/gifs/search?q=pizza&limit=1');
    payload = body.data[0].analytics_response_payload;
    gifId = body.data[0].id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const event = (action = 'SEEN', extra: Record<string, unknown> = {}) => ({
    event_id: randomUUID(),
    action_type: action,
    analytics_response_payload: payload,
    user_id: 'a1b2c3d4e5f6a7b8',
    ts: Date.now(),
    attributes: { layout_type: 'GRID', position: { x: 10, y: 20, width: 200, height: 150 } },
    ...extra,
  });
  const post = (body: unknown, key = server.webKey) =>
    fetch(`${server.baseUrl}/v2/pingback?apikey=${key}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GIPHY-SDK-Name': 'JavascriptSDK', 'X-GIPHY-SDK-Version': '1.0.0' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const logged = (ids: string[]) => server.store.db.selectFrom('events').selectAll().where('event_id', 'in', ids).orderBy('seq').execute();

  it('appends a batch to the log on the GIF’s stream and says how many were new', async () => {
    const batch = [event('SEEN'), event('CLICK'), event('HOVER'), event('START')];
    const res = await post({ events: batch });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
    const rows = await logged(batch.map((e) => e.event_id));
    expect(rows.map((r) => r.type)).toEqual(['pingback.seen', 'pingback.click', 'pingback.hover', 'pingback.start']);
    expect(rows.every((r) => r.stream === 'gif' && r.stream_id === gifId)).toBe(true);
    expect(rows[0]!.payload).toMatchObject({
      action_type: 'SEEN',
      user_id: 'a1b2c3d4e5f6a7b8',
      event_type: 'GIF_SEARCH',
      attributes: { layout_type: 'GRID', position: { x: 10, y: 20, width: 200, height: 150 } },
    });
  });

  it('drops repeated event ids, so a retried batch is counted once', async () => {
    const batch = [event(), event()];
    await post({ events: batch });
    const again = await post({ events: [...batch, event()] });
    expect((await again.json()).data).toMatchObject({ accepted: 1, duplicates: 2 });
    expect(await logged(batch.map((e) => e.event_id))).toHaveLength(2);
  });

  it('keeps the good events of a batch and reports each bad one by index', async () => {
    const good = [event(), event()];
    const res = await post({
      events: [
        good[0],
        event('WINK'),
        good[1],
        { ...event(), analytics_response_payload: `e=${Buffer.from('nothing').toString('base64')}` },
        { ...event(), event_id: 'x' },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.accepted).toBe(2);
    expect(body.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4]);
    expect(body.data.rejected[0].error).toContain('action_type must be one of SEEN, CLICK, HOVER, START, SENT, FAVORITE');
    expect(body.data.rejected[1].error).toContain('not one this server issued');
    expect(body.data.rejected[2].error).toContain('event_id');
    expect(await logged(good.map((e) => e.event_id))).toHaveLength(2);
  });

  it('refuses batches that hold nothing usable, with a clear message', async () => {
    const cases: [unknown, number, string][] = [
      ['not json', 400, 'body must be JSON'],
      [{ nope: [] }, 400, 'events array'],
      [{ events: [] }, 400, 'must not be empty'],
      [{ events: [event('WINK')] }, 400, 'every event was rejected'],
      [{ events: Array.from({ length: 501 }, () => event()) }, 413, 'at most 500'],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.status, message).toBe(status);
      expect((await res.json()).meta.msg).toContain(message);
    }
    expect((await post({ events: [event()] }, 'wrong-key')).status).toBe(403);
  });

  const deadLetters = (reason: string) =>
    server.store.db.selectFrom('collector_rejects').selectAll().where('reason', 'like', `%${reason}%`).orderBy('id').execute();

  it('counts pingbacks sent with the key built into GIPHY’s analytics package, recording which key sent each', async () => {
    const sent = event();
    const res = await post({ events: [sent] }, GIPHY_SDK_PINGBACK_KEY);
    expect(res.status).toBe(200);
    const [row] = await logged([sent.event_id]);
    expect(row!.payload).toMatchObject({ api_key: GIPHY_SDK_PINGBACK_KEY });
    // A deployment may refuse it (COLLECTOR_SDK_KEY=refuse): issued keys only.
    const strict = createApp({ db: server.store.db, mediaDir: server.mediaDir, acceptGiphySdkKey: false });
    const refused = await strict.request(`/v2/pingback?apikey=${GIPHY_SDK_PINGBACK_KEY}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [event()] }),
    });
    expect(refused.status).toBe(403);
  });

  it('counts no forged pingback and keeps each as a dead letter with its reason', async () => {
    const decoded = Buffer.from(payload.slice(2), 'base64').toString('utf8');
    const unsigned = `e=${Buffer.from(`gif_id=${gifId}&event_type=GIF_SEARCH&cid=forged`).toString('base64')}`;
    const tampered = `e=${Buffer.from(decoded.replace(`gif_id=${gifId}`, 'gif_id=somebodyelse')).toString('base64')}`;
    const signer = createPayloadSigner(server.store.db);
    await signer.ready();
    const forNoGif = signer.sign({ gifId: 'no-such-gif', eventType: 'GIF_SEARCH', responseId: 'r' });
    const forged = [unsigned, tampered, forNoGif].map((p) => event('CLICK', { analytics_response_payload: p }));
    const res = await post({ events: forged });
    expect(res.status).toBe(400);
    expect((await res.json()).data.rejected.map((r: { error: string }) => r.error)).toEqual([
      'analytics_response_payload is not one this server issued',
      'analytics_response_payload signature does not hold',
      'gif_id names no GIF on this server',
    ]);
    expect(await logged(forged.map((e) => e.event_id))).toHaveLength(0);
    for (const reason of ['not one this server issued', 'signature does not hold', 'names no GIF']) {
      const letters = await deadLetters(reason);
      expect(
        letters.some((l) => JSON.parse(l.raw).event_id !== undefined && forged.some((f) => l.raw.includes(f.event_id))),
        reason,
      ).toBe(true);
    }
  });

  it('counts the refusals of the last day by source and reason for the pipeline page, with no event content', async () => {
    await post({ events: [event('CLICK', { analytics_response_payload: 'e=forged' })] });
    const { status, body } = await server.get('/api/v1/collector/rejects/');
    expect(status).toBe(200);
    const forged = body.data.find((r: { reason: string }) => r.reason === 'analytics_response_payload is not one this server issued');
    expect(forged).toMatchObject({ source: 'pingback', count: expect.any(Number) });
    expect(Date.parse(forged.last_at)).toBeGreaterThan(Date.parse(body.since));
    expect(body.total).toBe(body.data.reduce((n: number, r: { count: number }) => n + r.count, 0));
  });

  it('counts every valid neighbour of an event the store could not hold, in concurrent batches', async () => {
    const batches = Array.from({ length: 6 }, (_, i) => [
      event(),
      { ...event(), user_id: i % 2 ? 'nul\u0000here' : 'lone\ud800' },
      event(),
    ]);
    const answers = await Promise.all(batches.map((b) => post({ events: b })));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ accepted: 2, rejected: [{ index: 1 }] });
    }
    const good = batches.flatMap((b) => [b[0]!.event_id, b[2]!.event_id]);
    expect(await logged(good)).toHaveLength(good.length);
    const bad = batches.map((b) => b[1]!.event_id);
    const letters = await server.store.db
      .selectFrom('collector_rejects')
      .select('raw')
      .where('reason', 'like', 'user_id must not contain%')
      .execute();
    expect(bad.every((id) => letters.some((l) => l.raw.includes(id)))).toBe(true);
  });

  it('names the problem of an encoded body', async () => {
    const res = await fetch(`${server.baseUrl}/v2/pingback?apikey=${server.webKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ events: [event()] })),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).meta.msg).toContain('Content-Encoding gzip is not accepted');
  });

  it('answers the preflight of a cross-origin JSON POST with SDK headers', async () => {
    const res = await fetch(`${server.baseUrl}/v2/pingback?apikey=${server.webKey}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://host.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-giphy-sdk-name,x-giphy-sdk-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('sheds load with 429 and Retry-After, and commits exactly what it acknowledged', async () => {
    // The first batch is held at the log until every request has been answered or is waiting.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const appendIds = async (events: NewEvent[]) => {
      await gate;
      return appendEventsReturningIds(server.store.db, events);
    };
    const app = new Hono<ApiEnv>()
      .use(async (c, next) => {
        c.set('apiKey', server.webKey);
        await next();
      })
      .route('/v2', collectorRoutes(server.store.db, { maxInFlight: 1, appendIds, payloads: createPayloadSigner(server.store.db) }));
    app.onError(handleErrors());
    const shedding = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const url = `http://127.0.0.1:${(shedding.address() as AddressInfo).port}/v2/pingback`;
    const batches = Array.from({ length: 40 }, () => [event(), event()]);
    const pending = batches.map((b) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ events: b }) }),
    );
    const first = await Promise.race(pending.map((p, i) => p.then(() => i)));
    release();
    const answers = await Promise.all(pending);
    expect(answers[first]!.status).toBe(429);
    shedding.close();
    const shed = answers.filter((r) => r.status === 429);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((r) => r.headers.get('retry-after') === '1')).toBe(true);
    for (const [i, res] of answers.entries()) {
      expect([200, 429]).toContain(res.status);
      const stored = await logged(batches[i]!.map((e) => e.event_id));
      expect(stored.length, `batch ${i} answered ${res.status}`).toBe(res.status === 200 ? 2 : 0);
    }
  });
});

describe('pingback validation', () => {
  // The payload check is the signer's (payload-signing/signer.test.ts); here every payload names abc123.
  const ctxAt = (now: Date) => ({
    received: received(now),
    apiKey: 'key',
    payloads: {
      verify: () => ({ ok: true as const, fields: { gifId: 'abc123', eventType: 'GIF_SEARCH', responseId: 'r1' }, verification: false }),
    },
  });

  it('uses the server’s clock for events far outside the client’s', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const base = { event_id: 'evt-12345678', action_type: 'SEEN', analytics_response_payload: 'e=abc', user_id: 'u' };
    const { accepted } = validateBatch(
      {
        events: [
          { ...base, ts: now.getTime() - 1000 },
          { ...base, event_id: 'evt-87654321', ts: 1000 },
        ],
      },
      ctxAt(now),
      pingbackToLog,
    );
    expect(accepted[0]!.entry.ts).toEqual(new Date(now.getTime() - 1000));
    expect(accepted[1]!.entry.ts).toEqual(now);
    expect(accepted[0]!.entry.streamId).toBe('abc123');
  });

  it('normalises the attribute shapes GIPHY’s widgets send', () => {
    const rect = { left: 4, top: 8, width: 200, height: 150, right: 204, bottom: 158, x: 4, y: 8 };
    const base = { action_type: 'SEEN', analytics_response_payload: 'e=abc', user_id: 'u', ts: 1_763_800_000_000 };
    const { accepted, refused } = validateBatch(
      {
        events: [
          { ...base, attributes: { position: JSON.stringify(rect), layout_type: 'SEARCH, GRID' } },
          { ...base, attributes: { position: rect, layout_type: 'MIXED' } },
          { ...base, attributes: { position: '{"x":1' } },
          { ...base, attributes: { layout_type: 'SEARCH, LIST' } },
        ],
      },
      ctxAt(new Date()),
      pingbackToLog,
    );
    expect(accepted.map((a) => a.entry.payload.attributes)).toEqual([
      { position: { x: 4, y: 8, width: 200, height: 150 }, layout_type: 'GRID', layout_context: 'SEARCH' },
      { position: { x: 4, y: 8, width: 200, height: 150 }, layout_type: 'MIXED' },
    ]);
    expect(refused.map((r) => [r.index, r.error])).toEqual([
      [2, expect.stringContaining('position must be a rectangle')],
      [3, expect.stringContaining('layout_type must be one of')],
    ]);
  });

  it('gives an event without an id one derived from its content, the same for the same event', () => {
    const event = {
      action_type: 'CLICK',
      analytics_response_payload: 'e=abc',
      user_id: 'u',
      ts: 1_763_800_000_000,
      attributes: { position: '{"x":1,"y":2,"width":3,"height":4}' },
    };
    const reordered = {
      attributes: event.attributes,
      ts: event.ts,
      user_id: 'u',
      analytics_response_payload: 'e=abc',
      action_type: 'CLICK',
    };
    const ids = validateBatch(
      { events: [event, reordered, { ...event, ts: event.ts + 1 }] },
      ctxAt(new Date()),
      pingbackToLog,
    ).accepted.map((a) => a.entry.eventId);
    expect(ids[0]).toMatch(/^d-[A-Za-z0-9_-]{32}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('refuses only the event holding text the store cannot keep', () => {
    const base = {
      event_id: 'evt-12345678',
      action_type: 'SEEN',
      analytics_response_payload: 'e=abc',
      user_id: 'u',
      ts: 1_763_800_000_000,
    };
    const { accepted, refused } = validateBatch(
      {
        events: [
          base,
          { ...base, event_id: 'evt-00000001', user_id: 'a\u0000b' },
          { ...base, event_id: 'evt-00000002', attributes: { tab: '\ud800' } },
          { ...base, event_id: 'evt-00000003' },
        ],
      },
      ctxAt(new Date()),
      pingbackToLog,
    );
    expect(accepted.map((a) => a.index)).toEqual([0, 3]);
    expect(refused.map((r) => r.error)).toEqual([
      'user_id must not contain NUL characters',
      'attributes.tab must not contain unpaired UTF-16 surrogates',
    ]);
  });

  it('the hot path’s check accepts only what the schema accepts, and returns what it returns', () => {
    const valid = {
      event_id: 'evt-12345678',
      action_type: 'CLICK',
      analytics_response_payload: 'e=abc',
      user_id: 'u',
      logged_in_user_id: '42',
      ts: 1_763_800_000_000,
      attributes: { layout_type: 'GRID', position: { x: -1.5, y: 2, width: 0, height: 3 }, tab: 'gifs', rank: 3, autoplay: true },
    };
    const variants: Record<string, unknown>[] = [
      valid,
      { ...valid, attributes: undefined, logged_in_user_id: undefined },
      { ...valid, unknown_field: 'dropped' },
      { ...valid, event_id: undefined },
      { ...valid, event_id: 'short' },
      { ...valid, event_id: 12345678 },
      { ...valid, action_type: 'seen' },
      { ...valid, analytics_response_payload: 'e=' },
      { ...valid, analytics_response_payload: 'x'.repeat(1001) },
      { ...valid, user_id: '' },
      { ...valid, user_id: 'u'.repeat(65) },
      { ...valid, logged_in_user_id: 'u'.repeat(65) },
      { ...valid, logged_in_user_id: 42 },
      { ...valid, ts: 1.5 },
      { ...valid, ts: 0 },
      { ...valid, ts: '1763800000000' },
      { ...valid, ts: Number.MAX_SAFE_INTEGER + 2 },
      { ...valid, attributes: [] },
      { ...valid, attributes: null },
      { ...valid, attributes: { layout_type: 'LIST' } },
      { ...valid, attributes: { layout_type: 'SEARCH, GRID' } },
      { ...valid, attributes: { position: '{"x":0,"y":0,"width":1,"height":1}' } },
      { ...valid, attributes: { position: { x: 0, y: 0, width: -1, height: 1 } } },
      { ...valid, attributes: { position: { x: 0, y: 0, width: 1 } } },
      { ...valid, attributes: { position: { x: 0, y: 0, width: 1, height: 1, z: 9 } } },
      { ...valid, attributes: { note: 'x'.repeat(201) } },
      { ...valid, attributes: { nested: { a: 1 } } },
      { ...valid, attributes: { missing: null } },
    ];
    for (const [i, candidate] of variants.entries()) {
      const schema = PingbackEvent.safeParse(candidate);
      const plain = plainPingback(candidate);
      if (plain) expect(plain, `variant ${i}`).toEqual(schema.data);
      else if (schema.success) expect([20, 21, 24], 'only GIPHY’s shapes and an extra position key are left to the schema').toContain(i);
    }
    expect(plainPingback(valid)).not.toBeNull();
  });
});

describe('group commit', () => {
  const ev = (id: string): NewEvent => ({ eventId: id, type: 't', stream: 's', streamId: 'x', payload: {} });
  const deferred = () => {
    let resolve!: (ids: string[]) => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<string[]>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };

  it('writes the batches that arrive during a commit together, each answered with its own count', async () => {
    const calls: { ids: string[]; done: ReturnType<typeof deferred> }[] = [];
    let wakes = 0;
    const append = groupCommitter(
      (events) => {
        const done = deferred();
        calls.push({ ids: events.map((e) => e.eventId!), done });
        return done.promise;
      },
      { onCommitted: () => wakes++, atOnce: 1 },
    );
    const first = append([ev('a'), ev('b')]);
    const second = append([ev('c'), ev('d')]);
    const third = append([ev('d'), ev('e'), ev('a')]);
    expect(calls.map((c) => c.ids)).toEqual([['a', 'b']]);
    calls[0]!.done.resolve(['a', 'b']);
    expect(await first).toBe(2);
    await vi.waitFor(() =>
      expect(calls.map((c) => c.ids)).toEqual([
        ['a', 'b'],
        ['c', 'd', 'd', 'e', 'a'],
      ]),
    );
    // 'a' was already logged; 'd' is new once, for the batch that sent it first.
    calls[1]!.done.resolve(['c', 'd', 'e']);
    expect([await second, await third]).toEqual([2, 1]);
    expect(wakes).toBe(2);
  });

  it('keeps up to atOnce commits under way; the batches that arrive meanwhile go together in the next free one', async () => {
    const calls: { ids: string[]; done: ReturnType<typeof deferred> }[] = [];
    const append = groupCommitter(
      (events) => {
        const done = deferred();
        calls.push({ ids: events.map((e) => e.eventId!), done });
        return done.promise;
      },
      { atOnce: 2 },
    );
    const answers = [append([ev('a')]), append([ev('b')]), append([ev('c')]), append([ev('d'), ev('a')])];
    expect(calls.map((c) => c.ids)).toEqual([['a'], ['b']]);
    calls[1]!.done.resolve(['b']);
    expect(await answers[1]).toBe(1);
    await vi.waitFor(() => expect(calls.map((c) => c.ids)).toEqual([['a'], ['b'], ['c', 'd', 'a']]));
    // 'a' is still committing in the first: the second commit of it finds it logged.
    calls[0]!.done.resolve(['a']);
    calls[2]!.done.resolve(['c', 'd']);
    expect(await Promise.all(answers)).toEqual([1, 1, 1, 1]);
  });

  it('fails a batch whose commit failed, and carries on with the next', async () => {
    let n = 0;
    const append = groupCommitter(async (events) => {
      if (n++ === 0) throw new Error('connection lost');
      return events.map((e) => e.eventId!);
    });
    const first = append([ev('a')]);
    const second = append([ev('b')]);
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe(1);
  });

  it('retries a failed group one batch at a time, so only the batch that cannot commit fails', async () => {
    const calls: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const append = groupCommitter(
      async (events) => {
        const ids = events.map((e) => e.eventId!);
        calls.push(ids);
        if (ids[0] === 'first') await gate;
        if (ids.includes('poison')) throw new Error('invalid input syntax');
        return ids;
      },
      { atOnce: 1 },
    );
    const first = append([ev('first')]);
    const good = append([ev('a'), ev('b')]);
    const poisoned = append([ev('poison')]);
    const alsoGood = append([ev('c')]);
    release();
    expect(await first).toBe(1);
    await expect(poisoned).rejects.toThrow('invalid input syntax');
    expect([await good, await alsoGood]).toEqual([2, 1]);
    expect(calls).toEqual([['first'], ['a', 'b', 'poison', 'c'], ['a', 'b'], ['poison'], ['c']]);
  });
});
