/**
 * GET /api/v1/analytics/series/ over HTTP on both stores: pingbacks, searches and page views appended
 * to the log, projections caught up on demand, and the figures checked exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectionRunner } from '../../apps/server/src/analytics/runner.ts';
import { append, pageView, pingback, search } from '../analytics/fixtures.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

const DAY_MS = 86_400_000;
const noonUtc = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`).getTime();
const daysAgo = (n: number) => new Date(noonUtc - n * DAY_MS);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

describe.each(storeKinds())('analytics series endpoint (%s)', (kind) => {
  let server: TestServer;
  // Two GIFs of one creator, one of another.
  let mine: [string, string];
  let theirs: string;
  let creator: string;

  beforeAll(async () => {
    // One searcher a term is enough here: the rules of trending searches are tested in trending-searches.test.ts.
    server = await startTestServer(kind, { env: { TRENDING_MIN_SEARCHERS: '1' } });
    const db = server.store.db;
    const owned = await db
      .selectFrom('gifs')
      .innerJoin('users', 'users.id', 'gifs.user_id')
      .select(['gifs.id', 'users.username', 'users.id as uid'])
      .where('gifs.is_removed', '=', false)
      .orderBy('gifs.id')
      .execute();
    const first = owned[0]!;
    const sameOwner = owned.filter((g) => g.uid === first.uid);
    const other = owned.find((g) => g.uid !== first.uid)!;
    expect(sameOwner.length).toBeGreaterThanOrEqual(2);
    mine = [sameOwner[0]!.id, sameOwner[1]!.id];
    theirs = other.id;
    creator = first.username;
    const [a, b] = mine;
    await append(db, [
      // A search before the SEEN that answers it, so the creator is credited with the term.
      search('cats', 'resp-cats', daysAgo(1), 3, 'searcher-a'),
      pingback('seen', a, daysAgo(0), { pagePath: '/gifs/x' }),
      pingback('seen', a, daysAgo(0), { pagePath: '/gifs/x' }),
      pingback('click', a, daysAgo(0), { pagePath: '/gifs/x' }),
      pingback('seen', b, daysAgo(1), { pagePath: '/search/cats', responseId: 'resp-cats' }),
      pingback('hover', b, daysAgo(1)),
      pingback('seen', theirs, daysAgo(1), { pagePath: '/' }),
      pingback('seen', theirs, daysAgo(1), { pagePath: '/' }),
      pingback('seen', theirs, daysAgo(1), { pagePath: '/' }),
      pingback('start', theirs, daysAgo(10), { pagePath: '/some-channel' }),
      pingback('seen', b, daysAgo(40), { pagePath: '/' }),
      search('cats', 'resp-cats-2', daysAgo(0), 3, 'searcher-b'),
      search('dogs', 'resp-dogs', daysAgo(0), 3, 'searcher-c'),
      pageView('/', daysAgo(0)),
      pageView('/search/cats', daysAgo(0), { virtualPagePath: '/search/cats/page/2' }),
      pageView('/gifs/x', daysAgo(1), { gifId: a }),
    ]);
    await createProjectionRunner(db).catchUp();
  });
  afterAll(async () => {
    await server?.close();
  });

  // Staff (the admin token) may read every figure; who else may is tested in tests/accounts/analytics-access.test.ts.
  const series = (query = '') =>
    server.get(`/api/v1/analytics/series/${query}`, { headers: { Authorization: `Bearer ${server.adminToken}` } });

  it('answers the last 30 days by default, every day listed, all GIFs summed', async () => {
    const { status, body } = await series();
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: null, days: 30, from: dateOf(daysAgo(29)), to: dateOf(daysAgo(0)) });
    expect(body.daily).toHaveLength(30);
    expect(body.daily.map((d: { date: string }) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => dateOf(daysAgo(29 - i))));
    const nonZero = body.daily.filter(
      (d: { views: number; clicks: number; hovers: number; starts: number }) => d.views + d.clicks + d.hovers + d.starts > 0,
    );
    expect(nonZero).toEqual([
      { date: dateOf(daysAgo(10)), views: 0, clicks: 0, hovers: 0, starts: 1 },
      { date: dateOf(daysAgo(1)), views: 4, clicks: 0, hovers: 1, starts: 0 },
      { date: dateOf(daysAgo(0)), views: 2, clicks: 1, hovers: 0, starts: 0 },
    ]);
  });

  it('lists the most viewed GIFs of the window with their titles', async () => {
    const titles = new Map((await server.store.db.selectFrom('gifs').select(['id', 'title']).execute()).map((g) => [g.id, g.title]));
    const [a, b] = mine;
    expect((await series()).body.top_gifs).toEqual([
      { id: theirs, title: titles.get(theirs), views: 3 },
      { id: a, title: titles.get(a), views: 2 },
      { id: b, title: titles.get(b), views: 1 },
    ]);
    // 90 days reach the view 40 days ago; 1 day keeps today's only.
    expect((await series('?days=90')).body.top_gifs.find((g: { id: string }) => g.id === b).views).toBe(2);
    expect((await series('?days=1')).body.top_gifs).toEqual([{ id: a, title: titles.get(a), views: 2 }]);
  });

  it('lists the trending searches', async () => {
    expect((await series()).body.top_searches).toEqual({
      counted: 'searches',
      data: [
        { term: 'cats', count: 2 },
        { term: 'dogs', count: 1 },
      ],
    });
  });

  it('gives per page type and day the pingback counters and the page views', async () => {
    const { body } = await series('?days=7');
    expect(body.daily).toHaveLength(7);
    const row = (
      date: Date,
      pageType: string,
      counts: Partial<Record<'views' | 'clicks' | 'hovers' | 'starts' | 'page_views', number>>,
    ) => ({
      date: dateOf(date),
      page_type: pageType,
      views: 0,
      clicks: 0,
      hovers: 0,
      starts: 0,
      page_views: 0,
      ...counts,
    });
    expect(body.page_types).toEqual([
      row(daysAgo(1), 'gifs', { page_views: 1 }),
      row(daysAgo(1), 'home', { views: 3 }),
      row(daysAgo(1), 'search', { views: 1 }),
      row(daysAgo(1), 'unknown', { hovers: 1 }),
      row(daysAgo(0), 'gifs', { views: 2, clicks: 1 }),
      row(daysAgo(0), 'home', { page_views: 1 }),
      row(daysAgo(0), 'search', { page_views: 1 }),
    ]);
  });

  it('scopes to one creator: their counters, their GIFs and the searches their GIFs were seen for', async () => {
    const { status, body } = await series(`?username=${creator}&days=30`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ username: creator, days: 30, page_types: null });
    const nonZero = body.daily.filter((d: { views: number; hovers: number; clicks: number }) => d.views + d.hovers + d.clicks > 0);
    expect(nonZero).toEqual([
      { date: dateOf(daysAgo(1)), views: 1, clicks: 0, hovers: 1, starts: 0 },
      { date: dateOf(daysAgo(0)), views: 2, clicks: 1, hovers: 0, starts: 0 },
    ]);
    expect(body.top_gifs.map((g: { id: string; views: number }) => [g.id, g.views])).toEqual([
      [mine[0], 2],
      [mine[1], 1],
    ]);
    expect(body.top_searches).toEqual({ counted: 'views', data: [{ term: 'cats', count: 1 }] });
  });

  it('answers bad input with a clear 400 and an unknown creator with 404', async () => {
    const cases: [string, number, RegExp][] = [
      ['?days=0', 400, /days must be an integer from 1 to 90/],
      ['?days=91', 400, /days must be an integer from 1 to 90/],
      ['?days=abc', 400, /days must be an integer from 1 to 90/],
      ['?days=1.5', 400, /days must be an integer from 1 to 90/],
      ['?username=a', 400, /username must be 2 to 40 letters, digits or _/],
      ['?username=nobody_here', 404, /User nobody_here not found/],
    ];
    for (const [query, status, message] of cases) {
      const res = await series(query);
      expect({ query, status: res.status }).toEqual({ query, status });
      expect(JSON.stringify(res.body)).toMatch(message);
    }
  });
});
