/**
 * Developer apps and keys (issue 21): a signed-in user makes an app and gets a beta key held to its
 * hourly limit on both APIs (429 with Retry-After), asks for production, staff approve it and the limit
 * goes without a restart; a rotated key works for its grace period then stops; a revoked key is refused;
 * usage per key comes from the event log's projections; every change is an event with its actor.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CACHE_MS, TIER_CALLS_PER_HOUR } from '../../apps/server/src/developers/constants.ts';
import { developersDb } from '../../apps/server/src/developers/schema.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const BETA = TIER_CALLS_PER_HOUR.beta!;

describe.each(storeKinds())('developer apps and keys (%s)', (kind) => {
  let server: AccountsServer;
  let dev: TestUser;
  /** The platform's clock runs this far ahead: a key's grace period and the key cache pass without waiting. */
  let aheadMs = 0;
  const passes = (ms: number) => {
    aheadMs += ms;
  };
  beforeAll(async () => {
    server = await startAccountsServer(kind, { clock: () => new Date(Date.now() + aheadMs) });
    dev = await server.makeUser('user');
  });
  afterAll(async () => {
    await server?.close();
  });

  const makeApp = async (as: TestUser, name = 'Sticker keyboard') => {
    const res = await server.call('POST', '/api/v1/developer/apps/', {
      as,
      json: { name, description: 'A keyboard for chats', platform: 'ios' },
    });
    expect(res.status).toBe(201);
    return res.body.data as {
      id: string;
      tier: string;
      keys: { id: string; key: string; tier: string; calls_per_hour: number | null; state: string }[];
    };
  };
  const appEvents = (appId: string) =>
    server.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('stream', '=', 'developer_app')
      .where('stream_id', '=', appId)
      .orderBy('seq')
      .execute();
  /** Calls used up this hour, as every process counts them. */
  const useUp = (key: string, calls: number) =>
    sql`INSERT INTO api_key_hourly_calls (key, hour, calls) VALUES (${key}, date_trunc('hour', now()), ${calls})
        ON CONFLICT (key, hour) DO UPDATE SET calls = EXCLUDED.calls`.execute(server.store.db);
  const search = (key: string, q = `cat ${randomUUID().slice(0, 6)}`) =>
    fetch(`${server.baseUrl}/v1/gifs/search?api_key=${key}&q=${encodeURIComponent(q)}&limit=2`);

  it('makes an app with a beta key that works on both APIs, as an event with its actor', async () => {
    const app = await makeApp(dev);
    expect(app).toMatchObject({ tier: 'beta', keys: [{ tier: 'beta', calls_per_hour: BETA, state: 'active' }] });
    const { key } = app.keys[0]!;
    expect(key).toMatch(/^lb_app_[0-9a-f]{32}$/);
    expect((await search(key)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/tenor/v2/search?key=${key}&q=cat&limit=2`)).status).toBe(200);
    const events = await appEvents(app.id);
    expect(events.map((e) => e.type)).toEqual(['developer_app.created']);
    expect(events[0]!.payload).toMatchObject({
      name: 'Sticker keyboard',
      platform: 'ios',
      tier: 'beta',
      actor: dev.userId,
      via: 'session',
      address: '127.0.0.1',
    });
    expect(JSON.stringify(events[0]!.payload)).not.toContain(key);
    const listed = await server.call('GET', '/api/v1/developer/apps/', { as: dev });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(app.id);
  });

  it('refuses a bad app with a 400 naming the field, and changes nothing', async () => {
    const before = await developersDb(server.store.db)
      .selectFrom('developer_apps')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [json, field] of [
      [{ name: 'x', platform: 'windows' }, 'platform'],
      [{ name: '', platform: 'web' }, 'name'],
      [{ name: 'x'.repeat(61), platform: 'web' }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(501), platform: 'web' }, 'description'],
    ] as const) {
      const res = await server.call('POST', '/api/v1/developer/apps/', { as: dev, json });
      expect(res.status).toBe(400);
      expect(res.text).toContain(field);
    }
    const after = await developersDb(server.store.db)
      .selectFrom('developer_apps')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('holds a beta key to its hourly limit on both APIs: 429 with Retry-After, counted once across processes by the store', async () => {
    const { key } = (await makeApp(dev)).keys[0]!;
    await useUp(key, BETA - 1);
    expect((await search(key)).status).toBe(200);
    const refused = await search(key);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await refused.json()).meta).toMatchObject({ status: 429, msg: expect.stringContaining(`${BETA} calls an hour`) });
    const tenor = await fetch(`${server.baseUrl}/tenor/v2/search?key=${key}&q=dog`);
    expect(tenor.status).toBe(429);
    expect(tenor.headers.get('Retry-After')).toBeTruthy();
    expect((await tenor.json()).error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    // The site's own key has no hourly limit.
    expect((await search(server.webKey)).status).toBe(200);
  });

  it('asks for production; staff see the request and approve it with a note, and the limit goes without a restart', async () => {
    const app = await makeApp(dev, 'Chat bot');
    const { key } = app.keys[0]!;
    const staff = await server.makeUser('staff');
    await useUp(key, BETA);
    expect((await search(key)).status).toBe(429);

    const asked = await server.call('POST', `/api/v1/developer/apps/${app.id}/production/`, {
      as: dev,
      json: { note: 'Launching in the App Store' },
    });
    expect(asked.status).toBe(201);
    expect((await server.call('POST', `/api/v1/developer/apps/${app.id}/production/`, { as: dev, json: {} })).status).toBe(409);
    expect((await server.call('GET', '/api/v1/developer/production-requests/', { as: dev })).status).toBe(403);
    const open = await server.call('GET', '/api/v1/developer/production-requests/', { as: staff });
    const request = open.body.data.find((r: { app_id: string }) => r.app_id === app.id);
    expect(request).toMatchObject({ app_name: 'Chat bot', owner: dev.username, note: 'Launching in the App Store', platform: 'ios' });

    const decided = await server.call('POST', `/api/v1/developer/production-requests/${request.id}/`, {
      as: staff,
      json: { decision: 'approved', note: 'Looks good' },
    });
    expect(decided.status).toBe(200);
    expect(
      (await server.call('POST', `/api/v1/developer/production-requests/${request.id}/`, { as: staff, json: { decision: 'refused' } }))
        .status,
    ).toBe(404);
    const listed = (await server.call('GET', '/api/v1/developer/apps/', { as: dev })).body.data.find(
      (a: { id: string }) => a.id === app.id,
    );
    expect(listed).toMatchObject({
      tier: 'production',
      keys: [{ tier: 'production', calls_per_hour: null }],
      production_request: { decision: 'approved', decision_note: 'Looks good' },
    });
    passes(KEY_CACHE_MS);
    expect((await search(key)).status).toBe(200);
    expect((await appEvents(app.id)).map((e) => [e.type, e.payload.actor])).toEqual([
      ['developer_app.created', dev.userId],
      ['developer_app.production_requested', dev.userId],
      ['developer_app.production_approved', staff.userId],
    ]);
  });

  it('a refusal keeps the app beta and says why', async () => {
    const app = await makeApp(dev, 'Refused app');
    const staff = await server.makeUser('staff');
    await server.call('POST', `/api/v1/developer/apps/${app.id}/production/`, { as: dev, json: { note: 'please' } });
    const open = await server.call('GET', '/api/v1/developer/production-requests/', { as: staff });
    const request = open.body.data.find((r: { app_id: string }) => r.app_id === app.id);
    expect(
      (
        await server.call('POST', `/api/v1/developer/production-requests/${request.id}/`, {
          as: staff,
          json: { decision: 'refused', note: 'Tell us more about the app' },
        })
      ).status,
    ).toBe(200);
    const listed = (await server.call('GET', '/api/v1/developer/apps/', { as: dev })).body.data.find(
      (a: { id: string }) => a.id === app.id,
    );
    expect(listed).toMatchObject({
      tier: 'beta',
      production_request: { decision: 'refused', decision_note: 'Tell us more about the app' },
    });
  });

  it('rotates a key: the old one works for the grace period named, then stops; the bounds are enforced', async () => {
    const app = await makeApp(dev, 'Rotating app');
    const old = app.keys[0]!.key;
    for (const grace_seconds of [-1, 7 * 24 * 3600 + 1, 1.5, '60']) {
      const bad = await server.call('POST', `/api/v1/developer/apps/${app.id}/rotate/`, { as: dev, json: { grace_seconds } });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('grace_seconds');
    }
    const rotated = await server.call('POST', `/api/v1/developer/apps/${app.id}/rotate/`, { as: dev, json: { grace_seconds: 3 } });
    expect(rotated.status).toBe(200);
    const keys = rotated.body.data.app.keys as { id: string; key: string; state: string }[];
    expect(keys.map((k) => k.state)).toEqual(['active', 'expiring']);
    const fresh = keys[0]!.key;
    expect(fresh).not.toBe(old);
    expect((await search(old)).status).toBe(200);
    expect((await search(fresh)).status).toBe(200);
    passes(3_000);
    expect((await search(old)).status).toBe(403);
    expect((await search(fresh)).status).toBe(200);
    const events = await appEvents(app.id);
    expect(events.at(-1)).toMatchObject({
      type: 'developer_app.key_rotated',
      payload: { grace_seconds: 3, replaced: [app.keys[0]!.id], actor: dev.userId },
    });
  });

  it("revokes a suspended developer's keys for good: restoring the account does not bring them back", async () => {
    const owner = await server.makeUser('user');
    const app = await makeApp(owner, 'Suspended app');
    const { id, key } = app.keys[0]!;
    expect((await search(key)).status).toBe(200);
    const staff = await server.makeUser('staff');
    const act = (action: string) =>
      server.call('POST', `/api/v1/users/${owner.userId}/moderation/`, { as: staff, json: { action, reason: 'Scraping' } });
    expect((await act('suspend')).status).toBe(200);
    passes(KEY_CACHE_MS);
    expect((await search(key)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/tenor/v2/featured?key=${key}`)).status).toBe(403);
    expect((await act('restore')).status).toBe(200);
    passes(KEY_CACHE_MS);
    expect((await search(key)).status).toBe(403);
    const listed = await developersDb(server.store.db)
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(listed.revoked_at).not.toBeNull();
    const userEvents = await server.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('stream', '=', 'user')
      .where('stream_id', '=', String(owner.userId))
      .orderBy('seq')
      .execute();
    expect(userEvents.find((e) => (e.payload as { action?: string }).action === 'suspend')?.payload).toMatchObject({ keys_revoked: [id] });
    // The developer gets a working key by rotating (staff may too).
    const rotated = await server.call('POST', `/api/v1/developer/apps/${app.id}/rotate/`, { as: staff, json: { grace_seconds: 0 } });
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body.data.app.keys as { key: string; state: string }[]).find((k) => k.state === 'active')!;
    expect((await search(fresh.key)).status).toBe(200);
  });

  it('revokes a key: refused within the key cache time, and only its owner or staff may', async () => {
    const app = await makeApp(dev, 'Revoked app');
    const { id, key } = app.keys[0]!;
    expect((await search(key)).status).toBe(200);
    const stranger = await server.makeUser('creator');
    expect((await server.call('DELETE', `/api/v1/developer/keys/${id}/`, { as: stranger })).status).toBe(403);
    expect((await server.call('GET', `/api/v1/developer/apps/${app.id}/usage/`, { as: stranger })).status).toBe(403);
    expect(
      (await server.call('POST', `/api/v1/developer/apps/${app.id}/rotate/`, { as: stranger, json: { grace_seconds: 0 } })).status,
    ).toBe(403);
    expect((await server.call('DELETE', `/api/v1/developer/keys/${id}/`, { as: dev })).status).toBe(200);
    expect((await server.call('DELETE', `/api/v1/developer/keys/${id}/`, { as: dev })).status).toBe(409);
    passes(KEY_CACHE_MS);
    expect((await search(key)).status).toBe(403);
    expect((await fetch(`${server.baseUrl}/tenor/v2/featured?key=${key}`)).status).toBe(403);
    const listed = (await server.call('GET', '/api/v1/developer/apps/', { as: dev })).body.data.find(
      (a: { id: string }) => a.id === app.id,
    );
    expect(listed.keys[0].state).toBe('revoked');
    expect((await appEvents(app.id)).at(-1)).toMatchObject({ type: 'developer_app.key_revoked', payload: { key: id, actor: dev.userId } });
  });

  it('counts usage per key from the log: calls by day and endpoint, errors, refusals and pingbacks, split by API', async () => {
    const app = await makeApp(dev, 'Measured app');
    const { key } = app.keys[0]!;
    const found = await (await search(key, 'cat')).json();
    await search(key);
    expect((await fetch(`${server.baseUrl}/v1/gifs/search?api_key=${key}&limit=999&q=x`)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/tenor/v2/featured?key=${key}&limit=3`)).status).toBe(200);
    const gif = found.data[0];
    expect((await fetch(`${server.baseUrl}/tenor/v2/registershare?key=${key}&id=${gif.id}&q=cat`)).status).toBe(200);
    const pingback = await fetch(`${server.baseUrl}/v2/pingback?apikey=${key}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        events: [
          {
            event_id: randomUUID(),
            action_type: 'SEEN',
            analytics_response_payload: gif.analytics_response_payload,
            user_id: 'a1b2c3d4e5f6a7b8',
            ts: Date.now(),
          },
          {
            event_id: randomUUID(),
            action_type: 'CLICK',
            analytics_response_payload: gif.analytics_response_payload,
            user_id: 'a1b2c3d4e5f6a7b8',
            ts: Date.now(),
          },
        ],
      }),
    });
    expect(pingback.status).toBe(200);
    await useUp(key, BETA);
    expect((await search(key)).status).toBe(429);
    await server.analytics.catchUp();

    const usage = await server.call('GET', `/api/v1/developer/apps/${app.id}/usage/?days=7`, { as: dev });
    expect(usage.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.body.data.to).toBe(today);
    const [mine] = usage.body.data.keys;
    expect(mine.key_id).toBe(app.keys[0]!.id);
    const byApi = (rows: { api: string }[]) => [...rows].sort((a, b) => a.api.localeCompare(b.api));
    // giphy: three searches (one a 400), the pingback batch, the refusal; tenor: featured and registershare.
    expect(byApi(mine.daily)).toEqual([
      { day: today, api: 'giphy', calls: 5 },
      { day: today, api: 'tenor', calls: 2 },
    ]);
    expect(mine.endpoints).toEqual(
      expect.arrayContaining([
        { api: 'giphy', endpoint: '/v1/:type/search', calls: 3 },
        { api: 'giphy', endpoint: '/v2/pingback', calls: 1 },
        { api: 'tenor', endpoint: '/tenor/v2/featured', calls: 1 },
        { api: 'tenor', endpoint: '/tenor/v2/registershare', calls: 1 },
      ]),
    );
    expect(mine.errors).toEqual([
      { api: 'giphy', status: 400, calls: 1 },
      { api: 'giphy', status: 429, calls: 1 },
    ]);
    expect(mine.rate_limited).toBe(1);
    expect(mine.pingbacks).toEqual(
      expect.arrayContaining([
        { day: today, api: 'giphy', action: 'SEEN', count: 1 },
        { day: today, api: 'giphy', action: 'CLICK', count: 1 },
        { day: today, api: 'tenor', action: 'SHARE', count: 1 },
      ]),
    );
    expect((await server.call('GET', `/api/v1/developer/apps/${app.id}/usage/?days=0`, { as: dev })).status).toBe(400);
  });
});
