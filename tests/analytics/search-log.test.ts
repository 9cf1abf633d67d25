/**
 * The search-event writer against a real store: no single search can stop the flushes of the others
 * (issue 13, defect 1). A search whose event the store refuses is split out of its batch, retried and
 * then kept in the dead letters; every other search is logged. A steady stream of searches is written
 * a flush at a time, not as a stream of tiny transactions.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LOG_MAX_ATTEMPTS } from '../../apps/server/src/analytics/constants.ts';
import { createSearchLog, normaliseTerm } from '../../apps/server/src/analytics/search-log.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

describe('normaliseTerm', () => {
  it('turns control characters into spaces and drops unpaired surrogates', () => {
    expect(normaliseTerm('a\u0000b')).toBe('a b');
    expect(normaliseTerm('Cat\u0007s \ud800')).toBe('cat s');
  });
});

describe.each(storeKinds())('search log under poison (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('logs every good search though one event is refused by the store, then dead-letters that one', async () => {
    const searchLog = createSearchLog(store.db, { flushMs: 60_000 });
    const good = Array.from({ length: 7 }, (_, i) => `good-${i}`);
    for (const [i, id] of good.entries()) {
      searchLog.record({ q: `term ${i}`, type: 'gifs', resultCount: 3, responseId: id });
      // A response id no store can hold (NUL) poisons the event id of this one search.
      if (i === 3) searchLog.record({ q: 'poisoned', type: 'gifs', resultCount: 1, responseId: 'bad\u0000id' });
    }
    await searchLog.flush();
    const logged = await store.db.selectFrom('events').select('event_id').where('type', '=', 'search.performed').execute();
    expect(logged.map((r) => r.event_id).sort()).toEqual(good.map((id) => `search:${id}`).sort());
    for (let attempt = 1; attempt < SEARCH_LOG_MAX_ATTEMPTS; attempt++) await searchLog.flush();
    const letters = await store.db.selectFrom('collector_rejects').selectAll().where('route', '=', 'search').execute();
    expect(letters).toHaveLength(1);
    expect(letters[0]!.reason).toContain(`refused it ${SEARCH_LOG_MAX_ATTEMPTS} times`);
    expect(JSON.parse(letters[0]!.raw).payload.term).toBe('poisoned');
    // The next search flushes at once: nothing is stuck in front of it.
    searchLog.record({ q: 'after', type: 'gifs', resultCount: 0, responseId: 'after-1' });
    await searchLog.close();
    expect(
      await store.db.selectFrom('events').select('event_id').where('event_id', '=', 'search:after-1').executeTakeFirst(),
    ).toBeDefined();
  });

  it('writes a steady stream of searches one batch per flush, not one transaction per arrival', async () => {
    const flushMs = 100;
    // Each statement takes 20 ms more, as on a store busy serving requests.
    const busy = store.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        await sleep(20);
        return result;
      },
    });
    const searchLog = createSearchLog(busy, { flushMs });
    // A search about every millisecond for 300 ms: while one batch is being written, more keep arriving.
    let recorded = 0;
    for (const until = Date.now() + 300; Date.now() < until; recorded++) {
      searchLog.record({ q: 'steady', type: 'gifs', resultCount: 1, responseId: `steady-${recorded}` });
      await sleep(1);
    }
    await searchLog.close();
    // Rows written by one transaction share its xmin.
    const { rows } = await sql<{ events: number; transactions: number }>`
      SELECT count(*)::int AS events, count(DISTINCT xmin::text)::int AS transactions
      FROM events WHERE event_id LIKE 'search:steady-%'`.execute(store.db);
    expect(rows[0]!.events).toBe(recorded);
    // About one flush per flushMs over the stream, and the last one on close.
    expect(rows[0]!.transactions).toBeLessThanOrEqual(6);
  });
});
