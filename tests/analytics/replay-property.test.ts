import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBatch } from '../../apps/server/src/analytics/project.ts';
import { PROJECTORS } from '../../apps/server/src/analytics/projectors/index.ts';
import { replayProjections } from '../../apps/server/src/analytics/replay.ts';
import { analyticsDb } from '../../apps/server/src/analytics/schema.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import type { NewEvent } from '../../apps/server/src/store/events.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';
import { append, pageView, pingback, search, seedOwners, snapshot } from './fixtures.ts';

const START = Date.parse('2026-05-01T00:00:00Z');
const ACTIONS = ['seen', 'click', 'hover', 'start', 'sent'] as const;
const TERMS = ['cats', 'dogs', 'happy dance'];
const PAGES = ['/', '/search/cats', '/gifs/abc', '/somechannel', '/edit/gifs/abc', undefined];

/** One step: a chunk of events to log (pingbacks, some answering earlier searches, searches and page views), then a fold of random batch size. */
const step = fc.record({
  events: fc.array(
    fc.record({
      kind: fc.constantFrom('pingback', 'search', 'page_view'),
      action: fc.constantFrom(...ACTIONS),
      gif: fc.nat(2),
      term: fc.constantFrom(...TERMS),
      response: fc.nat(5),
      minutes: fc.nat(4 * 24 * 60),
      page: fc.constantFrom(...PAGES),
    }),
    { minLength: 1, maxLength: 12 },
  ),
  batch: fc.integer({ min: 1, max: 7 }),
});

describe.each(storeKinds())('replay equals incremental folding, any split (%s)', (kind) => {
  let store: Store;
  let gifs: [string, string, string];
  beforeAll(async () => {
    store = await openTestStore(kind);
    gifs = (await seedOwners(store.db)).gifs;
  });
  afterAll(async () => {
    await store?.close();
  });

  it('folds random logs in random batches, interleaved with appends, to the tables a full replay builds', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        run++;
        await sql`TRUNCATE events`.execute(store.db);
        await replayProjections(store.db); // empty log: empty projections, every last_seq at 0
        for (const s of steps) {
          const events: NewEvent[] = s.events.map((e, i) => {
            const ts = new Date(START + e.minutes * 60_000);
            const responseId = `r${run}-${e.response}`;
            if (e.kind === 'search') return { ...search(e.term, responseId, ts), eventId: `search:${run}-${i}-${Math.random()}` };
            if (e.kind === 'page_view') return pageView(e.page ?? '/', ts, e.gif === 2 ? {} : { gifId: gifs[e.gif]! });
            return pingback(e.action, gifs[e.gif]!, ts, { responseId, ...(e.page ? { pagePath: e.page } : {}) });
          });
          await append(store.db, events);
          for (const p of PROJECTORS) await projectBatch(analyticsDb(store.db), p, s.batch);
        }
        // Fold what is left, still in small batches.
        for (const p of PROJECTORS) while ((await projectBatch(analyticsDb(store.db), p, 3)) > 0);
        const incremental = await snapshot(store.db);
        await replayProjections(store.db);
        expect(await snapshot(store.db)).toEqual(incremental);
        const pageViews = steps.flatMap((s) => s.events).filter((e) => e.kind === 'page_view').length;
        expect(incremental.page_views_daily!.reduce((n, row) => n + Number(JSON.parse(row).views), 0)).toBe(pageViews);
      }),
      { numRuns: 8, seed: 20261122 },
    );
  }, 180_000);
});
