import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../apps/server/src/logging/logger.ts';
import { createPlatform, type Platform } from '../../apps/server/src/platform.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * DATABASE_READ_URL: public reads go to the second connection string, writes to the first. Two
 * separate databases stand in for a primary and its replica, so where each answer came from shows.
 */
describe.skipIf(!storeKinds().includes('postgres'))('public reads through a read connection (postgres)', () => {
  let primary: Store;
  let replica: Store;
  let platform: Platform;
  let dataDir: string;
  beforeAll(async () => {
    primary = await openTestStore('postgres');
    replica = await openTestStore('postgres');
    for (const [store, title] of [
      [primary, 'written only to the primary'],
      [replica, 'read from the replica'],
    ] as const) {
      await store.db
        .insertInto('gifs')
        .values({
          id: 'replicagif1',
          type: 'gif',
          slug: 'r',
          title,
          rating: 'g',
          images: JSON.stringify({}),
          trending_datetime: new Date(),
        })
        .execute();
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-replica-'));
    platform = await createPlatform({
      store: { ...primary, readDb: replica.db },
      dataDir,
      mediaDir: dataDir,
      env: { ACCESS_LOG: 'off' },
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await platform?.stop();
    await primary?.close();
    await replica?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = async (p: string) =>
    (
      await platform.fetch(new Request(`http://127.0.0.1${p}${p.includes('?') ? '&' : '?'}api_key=${platform.credentials.webKey}`))
    ).json() as Promise<{ data: { title: string }[] | { title: string } }>;

  it('answers search, trending and lookups from the read database', async () => {
    expect(((await get('/v1/gifs/search?q=replica')).data as { title: string }[]).map((g) => g.title)).toEqual(['read from the replica']);
    expect(((await get('/v1/gifs/trending')).data as { title: string }[]).map((g) => g.title)).toEqual(['read from the replica']);
    expect(((await get('/v1/gifs/replicagif1')).data as { title: string }).title).toBe('read from the replica');
  });

  it('writes to the primary: the wire objects it builds are stored there', async () => {
    await get('/v1/gifs/replicagif1?random_id=2');
    // Stored after the answer: wait for it, bounded.
    const stored = async () => primary.db.selectFrom('gif_wire').select('body').where('gif_id', '=', 'replicagif1').executeTakeFirst();
    for (let tries = 0; !(await stored()) && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await stored())?.body).toContain('read from the replica');
    expect(await replica.db.selectFrom('gif_wire').select('gif_id').execute()).toEqual([]);
  });
});
