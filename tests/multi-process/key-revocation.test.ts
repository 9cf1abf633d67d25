/**
 * Developer keys across processes (issue 21): two server processes on one PostgreSQL. A key revoked
 * through one is refused by the other within KEY_CACHE_MS, and a beta key's hourly limit is one count
 * shared by both (the store's), not one per process.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { KEY_CACHE_MS, TIER_CALLS_PER_HOUR } from '../../apps/server/src/developers/constants.ts';
import { developersDb } from '../../apps/server/src/developers/schema.ts';
import { createApp } from '../../apps/server/src/developers/store.ts';
import { openStore, type Store } from '../../apps/server/src/store/db.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { testUsername } from '../support/accounts.ts';
import { startProcessGroup } from '../support/process-group.ts';
import { scratchDatabase, storeKinds } from '../support/stores.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');

describe.skipIf(!storeKinds().includes('postgres'))('developer keys across two server processes', { timeout: 300_000 }, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let group: Awaited<ReturnType<typeof startProcessGroup>>;
  let store: Store;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    scratch = await scratchDatabase();
    group = await startProcessGroup(MAIN, 2, scratch.url);
    store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
    const username = testUsername('dev');
    ({ token, userId } = await accountsDb(store.db)
      .transaction()
      .execute(async (trx) => {
        const id = await createAccount(
          trx,
          { username, email: `${username}@example.test`, passwordHash: null, role: 'user', emailVerified: true },
          { userId: null, via: 'cli', address: 'test' },
        );
        return { userId: id, token: (await createAccessToken(trx, id, { label: 'dev', scope: 'user' })).token };
      }));
  });
  afterAll(async () => {
    await group?.close();
    await store?.close();
    await scratch?.drop();
  });

  const newKey = async () => {
    const db = developersDb(store.db);
    const { keyId } = await createApp(db, userId, { name: 'Two processes', description: '', platform: 'web' });
    const row = await db.selectFrom('api_keys').select('key').where('id', '=', keyId).executeTakeFirstOrThrow();
    return { id: keyId, key: row.key };
  };
  // A fresh query each time, so no answer comes from the edge's cache.
  const search = (baseUrl: string, key: string) => fetch(`${baseUrl}/v1/gifs/search?api_key=${key}&q=${randomUUID().slice(0, 8)}&limit=1`);

  it('a key revoked through one process is refused by the other within KEY_CACHE_MS', async () => {
    const [a, b] = group.members as [(typeof group.members)[0], (typeof group.members)[0]];
    const { id, key } = await newKey();
    expect((await search(a.baseUrl, key)).status).toBe(200);
    expect((await search(b.baseUrl, key)).status).toBe(200);
    const revoked = await fetch(`${a.baseUrl}/api/v1/developer/keys/${id}/`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    const at = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - at < KEY_CACHE_MS * 3) {
      status = (await search(b.baseUrl, key)).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seenAfter = Date.now() - at;
    console.log(`revocation seen by the second process after ${seenAfter} ms (KEY_CACHE_MS ${KEY_CACHE_MS})`);
    expect(status).toBe(403);
    expect(seenAfter).toBeLessThanOrEqual(KEY_CACHE_MS + 1_000);
  });

  it('counts a beta key once across both processes', async () => {
    const [a, b] = group.members as [(typeof group.members)[0], (typeof group.members)[0]];
    const { key } = await newKey();
    await sql`INSERT INTO api_key_hourly_calls (key, hour, calls) VALUES (${key}, date_trunc('hour', now()), ${TIER_CALLS_PER_HOUR.beta! - 2})`.execute(
      store.db,
    );
    expect((await search(a.baseUrl, key)).status).toBe(200);
    expect((await search(b.baseUrl, key)).status).toBe(200);
    const refusedByA = await search(a.baseUrl, key);
    const refusedByB = await search(b.baseUrl, key);
    expect([refusedByA.status, refusedByB.status]).toEqual([429, 429]);
    expect(Number(refusedByB.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
