import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from '../../apps/server/src/analytics/index.ts';
import { PROJECTORS } from '../../apps/server/src/analytics/projectors/index.ts';
import { createProjectionRunner } from '../../apps/server/src/analytics/runner.ts';
import { analyticsDb } from '../../apps/server/src/analytics/schema.ts';
import { normaliseTerm } from '../../apps/server/src/analytics/search-log.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';
import { append, pingback } from './fixtures.ts';

describe('normaliseTerm', () => {
  it('trims, lower-cases, collapses whitespace and bounds the length', () => {
    expect(normaliseTerm('  Happy \t  Dance\n')).toBe('happy dance');
    expect(normaliseTerm('   ')).toBe('');
    expect(normaliseTerm(`${'a'.repeat(49)} b`)).toBe('a'.repeat(49));
  });
});

describe.each(storeKinds())('projection runner and search log (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });
  const views = async (gifId: string) =>
    Number(
      (await analyticsDb(store.db).selectFrom('gif_counts').select('views').where('gif_id', '=', gifId).executeTakeFirst())?.views ?? 0,
    );

  it('serialises on-demand catch-ups: concurrent calls fold each event exactly once, in small batches', async () => {
    const runner = createProjectionRunner(store.db, { batchSize: 3 });
    await append(
      store.db,
      Array.from({ length: 10 }, () => pingback('seen', 'runnergif1', new Date())),
    );
    const folded = await Promise.all([runner.catchUp(), runner.catchUp(), runner.catchUp()]);
    // Calls made before the first one starts share it: 10 events for each projector that reads SEEN pingbacks.
    const readers = PROJECTORS.filter((p) => p.eventTypes.includes('pingback.seen')).length;
    expect(readers).toBeGreaterThan(1);
    expect(folded).toEqual(Array(3).fill(10 * readers));
    expect(await runner.catchUp()).toBe(0);
    expect(await views('runnergif1')).toBe(10);
  });

  it('skips the projectors while no event was appended since its last pass, and folds the next one', async () => {
    let stateReads = 0;
    const counted = store.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"projector_state"')) stateReads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const runner = createProjectionRunner(counted);
    await runner.catchUp();
    const afterFirst = stateReads;
    expect(afterFirst).toBeGreaterThanOrEqual(PROJECTORS.length);
    expect(await runner.catchUp()).toBe(0);
    expect(stateReads).toBe(afterFirst);
    await append(store.db, [pingback('seen', 'runnergif3', new Date())]);
    expect(await runner.catchUp()).toBeGreaterThan(0);
    expect(await views('runnergif3')).toBe(1);
    expect(stateReads).toBe(2 * afterFirst);
  });

  it("moves a projector none of whose events came past the others' events, so the next pass starts after them", async () => {
    const runner = createProjectionRunner(store.db);
    await runner.catchUp();
    const pageViews = PROJECTORS.find((p) => p.name === 'page_views')!;
    expect(pageViews.eventTypes).not.toContain('pingback.seen');
    const at = async () =>
      String(
        (
          await analyticsDb(store.db)
            .selectFrom('projector_state')
            .select('last_seq')
            .where('name', '=', 'page_views')
            .executeTakeFirstOrThrow()
        ).last_seq,
      );
    const before = await at();
    await append(store.db, [pingback('seen', 'runnergif4', new Date()), pingback('seen', 'runnergif4', new Date())]);
    await runner.catchUp();
    const { newest } = (await sql<{ newest: string }>`SELECT max(seq)::text AS newest FROM events`.execute(store.db)).rows[0]!;
    expect(BigInt(newest)).toBeGreaterThan(BigInt(before));
    expect(await at()).toBe(newest);
    expect(await views('runnergif4')).toBe(2);
  });

  it('catches up on its own once started', async () => {
    const runner = createProjectionRunner(store.db, { intervalMs: 10 });
    runner.start();
    await append(store.db, [pingback('seen', 'runnergif2', new Date()), pingback('seen', 'runnergif2', new Date())]);
    await vi.waitFor(async () => expect(await views('runnergif2')).toBe(2), { timeout: 10_000, interval: 20 });
    await runner.stop();
  });

  it('vacuums the projection tables when asked to (PGlite has no autovacuum)', async () => {
    const vacuums = async () =>
      Number(
        (await sql<{ n: string }>`SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relname = 'gif_counts'`.execute(store.db)).rows[0]
          ?.n ?? 0,
      );
    const before = await vacuums();
    await createProjectionRunner(store.db).catchUp();
    expect(await vacuums()).toBe(before);
    await createProjectionRunner(store.db, { vacuumEveryMs: 0 }).catchUp();
    await vi.waitFor(async () => expect(await vacuums()).toBeGreaterThan(before), { timeout: 10_000, interval: 50 });
  });

  it('logs each search once (its id comes from the response id), on flush or before a catch-up', async () => {
    const analytics = createAnalytics(store.db);
    analytics.searchLog.record({ q: ' Otters ', type: 'gifs', resultCount: 2, responseId: 'resp-a' });
    analytics.searchLog.record({ q: 'otters', type: 'gifs', resultCount: 2, responseId: 'resp-a' });
    analytics.searchLog.record({ q: '   ', type: 'gifs', resultCount: 0, responseId: 'resp-b' });
    await analytics.catchUp();
    const logged = await store.db.selectFrom('events').select(['event_id', 'stream_id']).where('type', '=', 'search.performed').execute();
    expect(logged).toEqual([{ event_id: 'search:resp-a', stream_id: 'otters' }]);
    const trending = await analyticsDb(store.db).selectFrom('search_trending').select(['term', 'searches']).execute();
    expect(trending).toEqual([{ term: 'otters', searches: '1' }]);
    await analytics.stop();
  });
});
