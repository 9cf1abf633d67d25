import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpProjector, projectBatch } from '../../apps/server/src/analytics/project.ts';
import { PROJECTORS } from '../../apps/server/src/analytics/projectors/index.ts';
import { replayProjections } from '../../apps/server/src/analytics/replay.ts';
import { analyticsDb } from '../../apps/server/src/analytics/schema.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';
import { append, gifAction, pageView, pingback, search, seedOwners, snapshot } from './fixtures.ts';

const DAY1 = new Date('2026-03-01T10:00:00Z');
const DAY2 = new Date('2026-03-02T10:00:00Z');
const hoursAfter = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);

describe.each(storeKinds())('projections (%s)', (kind) => {
  let store: Store;
  let seeded: Awaited<ReturnType<typeof seedOwners>>;
  beforeAll(async () => {
    store = await openTestStore(kind);
    seeded = await seedOwners(store.db);
    const [a, b, c] = seeded.gifs;
    // Round 1, folded in batches of 2 before round 2 is even logged.
    await append(store.db, [
      pingback('seen', a, DAY1, { pagePath: '/search/cats' }),
      pingback('seen', a, DAY1, { pagePath: '/gifs/xyz' }),
      pingback('click', a, DAY1),
      search('cats', 'resp1', DAY1),
      pingback('seen', b, DAY1, { responseId: 'resp1', pagePath: '/' }),
      pingback('hover', c, DAY1, { pagePath: '/some-channel' }),
      pageView('/', DAY1),
      pageView('/gifs/a-gifAAA111', DAY1, { gifId: a }),
      pageView('/edit/gifs/gifAAA111', DAY1),
      gifAction('download', a, DAY1),
      gifAction('copy_link', a, DAY1),
    ]);
    for (const p of PROJECTORS) await projectBatch(analyticsDb(store.db), p, 2);
    await append(store.db, [
      pingback('seen', b, DAY2, { responseId: 'resp1' }),
      pingback('start', b, DAY2),
      pingback('seen', b, hoursAfter(DAY2, 1)),
      pingback('sent', a, DAY2),
      search('cats', 'resp2', DAY2),
      search('dogs', 'resp3', DAY2),
      search('dogs', 'resp4', hoursAfter(DAY2, 1)),
      search('dogs', 'resp5', hoursAfter(DAY2, 2), 0),
      pingback('seen', a, DAY2, { responseId: 'resp3' }),
      pageView('/search/cats', DAY2, { virtualPagePath: '/search/cats/page/2' }),
      pageView('/search/dogs', hoursAfter(DAY2, 1)),
      pageView('/', DAY2),
      gifAction('download', a, DAY2),
      gifAction('download', a, hoursAfter(DAY2, 1)),
    ]);
    for (const p of PROJECTORS) await projectBatch(analyticsDb(store.db), p, 3);
    await append(store.db, [
      pingback('seen', c, hoursAfter(DAY2, 3)),
      pingback('click', b, hoursAfter(DAY2, 3)),
      pageView('/nba', hoursAfter(DAY2, 3)),
      { ...pageView('/x', DAY2), payload: { kind: 'page_view' } },
    ]);
    for (const p of PROJECTORS) await catchUpProjector(analyticsDb(store.db), p, 2);
  });
  afterAll(async () => {
    await store?.close();
  });

  const db = () => analyticsDb(store.db);

  it('counts views (SEEN), clicks, hovers and starts per GIF and per owner', async () => {
    const [a, b, c] = seeded.gifs;
    const gifs = await db().selectFrom('gif_counts').selectAll().orderBy('gif_id').execute();
    expect(gifs).toEqual([
      { gif_id: a, views: '3', clicks: '1', hovers: '0', starts: '0' },
      { gif_id: b, views: '3', clicks: '1', hovers: '0', starts: '1' },
      { gif_id: c, views: '1', clicks: '0', hovers: '1', starts: '0' },
    ]);
    const users = await db().selectFrom('user_counts').selectAll().orderBy('user_id').execute();
    expect(users).toEqual([
      { user_id: seeded.alice, views: '3', clicks: '1', hovers: '0', starts: '0' },
      { user_id: seeded.bob, views: '3', clicks: '1', hovers: '0', starts: '1' },
    ]);
  });

  it('keeps daily series per GIF, per owner and per page type', async () => {
    const [, b] = seeded.gifs;
    const gifDays = await db()
      .selectFrom('gif_daily')
      .select(['day', 'views', 'starts'])
      .select((eb) => eb.cast<string>('day', 'text').as('d'))
      .where('gif_id', '=', b)
      .orderBy('day')
      .execute();
    expect(gifDays.map((r) => [r.d, r.views, r.starts])).toEqual([
      ['2026-03-01', '1', '0'],
      ['2026-03-02', '2', '1'],
    ]);
    const userDays = await db()
      .selectFrom('user_daily')
      .select((eb) => [eb.cast<string>('day', 'text').as('d'), 'views'])
      .where('user_id', '=', seeded.alice)
      .orderBy('day')
      .execute();
    expect(userDays).toEqual([
      { d: '2026-03-01', views: '2' },
      { d: '2026-03-02', views: '1' },
    ]);
    const pages = await db()
      .selectFrom('page_type_daily')
      .select((eb) => ['page_type', eb.cast<string>('day', 'text').as('d'), 'views', 'hovers'])
      .where('day', '=', '2026-03-01')
      .orderBy('page_type')
      .execute();
    expect(pages).toEqual([
      { page_type: 'channel', d: '2026-03-01', views: '0', hovers: '1' },
      { page_type: 'gifs', d: '2026-03-01', views: '1', hovers: '0' },
      { page_type: 'home', d: '2026-03-01', views: '1', hovers: '0' },
      { page_type: 'search', d: '2026-03-01', views: '1', hovers: '0' },
      { page_type: 'unknown', d: '2026-03-01', views: '0', hovers: '0' },
    ]);
  });

  it('counts page views per page type (of page_path) and day, apart from pingbacks', async () => {
    const rows = await db()
      .selectFrom('page_views_daily')
      .select((eb) => ['page_type', eb.cast<string>('day', 'text').as('d'), 'views'])
      .orderBy('day')
      .orderBy('page_type')
      .execute();
    expect(rows.map((r) => [r.d, r.page_type, r.views])).toEqual([
      ['2026-03-01', 'edit/gifs', '1'],
      ['2026-03-01', 'gifs', '1'],
      ['2026-03-01', 'home', '1'],
      ['2026-03-02', 'channel', '1'],
      ['2026-03-02', 'home', '1'],
      ['2026-03-02', 'search', '2'],
      ['2026-03-02', 'unknown', '1'],
    ]);
  });

  it('scores trending GIFs with decay: recent activity outweighs older activity of the same size', async () => {
    const rows = await db().selectFrom('gif_trending').select(['gif_id', 'score']).orderBy('score', 'desc').execute();
    const [a, b] = seeded.gifs;
    // a: 2 seen + 1 click on day 1 (5) decayed 4 half-lives, + 1 sent + 1 seen on day 2 (6) → about 6.3.
    expect(rows.find((r) => r.gif_id === a)!.score).toBeCloseTo(5 / 16 + 6, 5);
    // b: 1 seen on day 1, then seen+start at DAY2, seen at +1h, click at +3h.
    const bExpected = ((1 / 16 + 2) * 2 ** (-1 / 6) + 1) * 2 ** (-2 / 6) + 3;
    expect(rows.find((r) => r.gif_id === b)!.score).toBeCloseTo(bExpected, 5);
  });

  it('trends searches with decay and credits creators with the searches their GIFs were seen for', async () => {
    const terms = await db().selectFrom('search_trending').select(['term', 'searches']).orderBy('score', 'desc').execute();
    expect(terms).toEqual([
      { term: 'dogs', searches: '3' },
      { term: 'cats', searches: '2' },
    ]);
    const credited = await db().selectFrom('user_search_terms').selectAll().orderBy('user_id').execute();
    expect(credited).toEqual([
      { user_id: seeded.alice, term: 'dogs', views: '1' },
      { user_id: seeded.bob, term: 'cats', views: '2' },
    ]);
    // A search with no results is counted but answers no pingback.
    expect(await db().selectFrom('search_responses').select('response_id').where('response_id', '=', 'resp5').execute()).toEqual([]);
  });

  it('counts actions on GIFs per day', async () => {
    const [a] = seeded.gifs;
    const rows = await db()
      .selectFrom('gif_actions_daily')
      .select((eb) => ['gif_id', eb.cast<string>('day', 'text').as('d'), 'action', 'count'])
      .orderBy('day')
      .orderBy('action')
      .execute();
    expect(rows.map((r) => [r.gif_id, r.d, r.action, String(r.count)])).toEqual([
      [a, '2026-03-01', 'copy_link', '1'],
      [a, '2026-03-01', 'download', '1'],
      [a, '2026-03-02', 'download', '2'],
    ]);
  });

  it('replay rebuilds tables identical to the incremental state', async () => {
    const incremental = await snapshot(store.db);
    expect(incremental.gif_counts).toHaveLength(3);
    const folded = await replayProjections(store.db);
    expect(folded).toEqual({ counts: 11, daily: 11, trending_gifs: 12, searches: 12, page_views: 8, gif_actions: 4, api_usage: 16 });
    expect(await snapshot(store.db)).toEqual(incremental);
    // Each projector stands at the last event of the types it reads.
    for (const p of PROJECTORS) {
      const state = await db().selectFrom('projector_state').select('last_seq').where('name', '=', p.name).executeTakeFirstOrThrow();
      const maxSeq = await store.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('seq').as('m'))
        .where('type', 'in', [...p.eventTypes])
        .executeTakeFirstOrThrow();
      expect(state.last_seq).toBe(String(maxSeq.m));
    }
  });
});
