import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { isSampleItem, sampleItems, TEST_MEDIA_DIR } from '../support/corpus.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const count = async (store: Store, query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(store.db)).rows[0]?.n);

describe.each(storeKinds())('demo corpus seeding (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('seeds every planned item once, each with its creation event', async () => {
    const planned = sampleItems();
    const result = await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
    expect(result).toEqual({ created: planned.length, skipped: false });
    expect(await count(store, sql`SELECT count(*) AS n FROM gifs`)).toBe(planned.length);
    expect(await count(store, sql`SELECT count(*) AS n FROM events WHERE type = 'gif.created'`)).toBe(planned.length);
    const types = await sql<{ type: string }>`SELECT DISTINCT type FROM gifs ORDER BY type`.execute(store.db);
    expect(types.rows.map((r) => r.type)).toEqual(['emoji', 'gif', 'sticker', 'text', 'video']);
  });

  it('is a no-op once complete', async () => {
    const events = await count(store, sql`SELECT count(*) AS n FROM events`);
    expect(await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() })).toEqual({ created: 0, skipped: true });
    expect(await count(store, sql`SELECT count(*) AS n FROM events`)).toBe(events);
  });

  it('completes an interrupted seed without duplicating anything', async () => {
    const victims = await store.db.selectFrom('gifs').select('id').where('type', '=', 'gif').orderBy('id').limit(3).execute();
    const ids = victims.map((v) => v.id);
    await store.db.deleteFrom('channel_gifs').where('gif_id', 'in', ids).execute();
    await store.db.updateTable('categories').set({ featured_gif_id: null }).where('featured_gif_id', 'in', ids).execute();
    await store.db.updateTable('channels').set({ featured_gif_id: null }).where('featured_gif_id', 'in', ids).execute();
    await store.db.deleteFrom('gifs').where('id', 'in', ids).execute();
    await store.db.deleteFrom('meta').where('key', '=', 'seed:demo').execute();

    const result = await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
    expect(result.created).toBe(3);
    expect(await count(store, sql`SELECT count(*) AS n FROM gifs`)).toBe(sampleItems().length);
    expect(await count(store, sql`SELECT count(*) AS n FROM users WHERE username = 'studio_sunny'`)).toBe(1);
    expect(await count(store, sql`SELECT count(*) - count(DISTINCT slug) AS n FROM channels`)).toBe(0);
  });

  it('gives users the variety the display rules need', async () => {
    const flags = await sql<{ private: number; suppressed: number; verified: number; no_avatar: number }>`
      SELECT count(*) FILTER (WHERE NOT is_public)::int AS private, count(*) FILTER (WHERE suppress_chrome)::int AS suppressed,
             count(*) FILTER (WHERE is_verified)::int AS verified, count(*) FILTER (WHERE avatar IS NULL)::int AS no_avatar
      FROM users`.execute(store.db);
    const f = flags.rows[0]!;
    expect(f.private).toBeGreaterThan(0);
    expect(f.suppressed).toBeGreaterThan(0);
    expect(f.verified).toBeGreaterThan(0);
    expect(f.no_avatar).toBeGreaterThan(0);
  });
});
