/**
 * The developer keys' store-side parts on both stores: the hourly limit shared through the store
 * (two limiters, as two processes, share one count; a new hour starts afresh), the key lookup's trust
 * window (a revocation is seen once it ends, a rotated key's end exactly), and the usage meter's
 * aggregate events folded by the projector (any split of the calls gives the same table).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../accounts/create.ts';
import { accountsDb } from '../accounts/schema.ts';
import { analyticsDb } from '../analytics/schema.ts';
import { apiUsageProjector } from '../analytics/projectors/api-usage.ts';
import { catchUpProjector } from '../analytics/project.ts';
import type { Store } from '../store/db.ts';
import { openTestStore, storeKinds } from '../../../../tests/support/stores.ts';
import { KEY_CACHE_MS } from './constants.ts';
import { createHourlyLimit } from './hourly-limit.ts';
import { createKeyLookup } from './key-lookup.ts';
import { developersDb } from './schema.ts';
import { createApp, revokeKey, rotateKey } from './store.ts';
import { createUsageMeter } from './usage-meter.ts';

const HOUR = 3_600_000;

describe.each(storeKinds())('developer keys in the store (%s)', (kind) => {
  let store: Store;
  let owner: number;
  beforeAll(async () => {
    store = await openTestStore(kind);
    owner = await accountsDb(store.db)
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          { username: `dev_${kind}`, email: `dev_${kind}@example.test`, passwordHash: null, role: 'user', emailVerified: true },
          { userId: null, via: 'cli', address: 'test' },
        ),
      );
  });
  afterAll(async () => {
    await store?.close();
  });

  const newKey = async () => {
    const db = developersDb(store.db);
    const { appId, keyId } = await createApp(db, owner, { name: 'app', description: '', platform: 'web' });
    return { appId, keyId, key: (await db.selectFrom('api_keys').select('key').where('id', '=', keyId).executeTakeFirstOrThrow()).key };
  };

  it('counts one hourly limit across limiters, refuses past it until the hour ends, then starts afresh', async () => {
    const { key } = await newKey();
    let now = Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000;
    const first = createHourlyLimit(store.db, () => now);
    const second = createHourlyLimit(store.db, () => now);
    expect(await first.take(key, 3)).toEqual({ allowed: true });
    expect(await second.take(key, 3)).toEqual({ allowed: true });
    expect(await first.take(key, 3)).toEqual({ allowed: true });
    expect(await second.take(key, 3)).toEqual({ allowed: false, retryAfterSeconds: 50 * 60 });
    expect(await first.take(key, 3)).toEqual({ allowed: false, retryAfterSeconds: 50 * 60 });
    now += 50 * 60_000;
    expect(await first.take(key, 3)).toEqual({ allowed: true });
  });

  it('trusts what it read about a key for KEY_CACHE_MS at most, and a rotated key until its end exactly', async () => {
    const { appId, keyId, key } = await newKey();
    let now = Date.now();
    const lookup = createKeyLookup(store.db, () => now);
    expect(await lookup.find(key)).toEqual({ valid: true, app: true, tier: 'beta', callsPerHour: 100 });
    await revokeKey(developersDb(store.db), keyId);
    expect((await lookup.find(key)).valid).toBe(true);
    now += KEY_CACHE_MS;
    expect((await lookup.find(key)).valid).toBe(false);

    await rotateKey(developersDb(store.db), appId, 0, new Date(now));
    const live = await developersDb(store.db)
      .selectFrom('api_keys')
      .select('key')
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    expect(await lookup.find(live[0]!.key)).toMatchObject({ valid: true });
  });

  it('appends usage as aggregate events that the projector sums, whatever the split', async () => {
    const { key } = await newKey();
    const day = new Date('2026-03-04T12:00:00Z');
    const meter = createUsageMeter(store.db, { now: () => day });
    for (let i = 0; i < 5; i++) meter.count({ key, api: 'giphy', endpoint: '/v1/gifs/:id', status: 200 });
    meter.count({ key, api: 'tenor', endpoint: '/tenor/v2/search', status: 400 });
    await meter.flush();
    for (let i = 0; i < 2; i++) meter.count({ key, api: 'giphy', endpoint: '/v1/gifs/:id', status: 200 });
    await meter.close();
    const events = await store.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', 'api.usage')
      .where('stream_id', '=', key)
      .execute();
    expect(events).toHaveLength(3);
    await catchUpProjector(analyticsDb(store.db), apiUsageProjector, 1);
    const rows = await sql<{ api: string; endpoint: string; status: number; calls: string; day: string }>`
      SELECT api, endpoint, status, calls, to_char(day, 'YYYY-MM-DD') AS day FROM api_usage_daily WHERE key = ${key} ORDER BY api`.execute(
      store.db,
    );
    expect(rows.rows).toEqual([
      { api: 'giphy', endpoint: '/v1/gifs/:id', status: 200, calls: '7', day: '2026-03-04' },
      { api: 'tenor', endpoint: '/tenor/v2/search', status: 400, calls: '1', day: '2026-03-04' },
    ]);
  });
});
