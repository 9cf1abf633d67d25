/**
 * Trending searches one person cannot write (issue 30, item 5), through the real wiring: searches
 * reach the server as they do behind the edge (the edge writes the client's address into
 * X-Forwarded-For; these calls bypass it to play several addresses), the log is flushed and
 * projected, and every place that shows trending searches is read: /v1/trending/searches, Tenor's
 * trending_terms, the dashboards' trending searches and the analytics series.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';
import { projectTrendingTerm } from '../support/trending.ts';

const addresses = (n: number, block: number) => Array.from({ length: n }, (_, i) => `10.${block}.0.${i + 1}`);

/** Helpers over one server: searching as an address (or a user), settling the log, reading each list. */
function trendingCalls(server: () => AccountsServer) {
  const search = async (q: string, address: string, as?: TestUser) => {
    const res = await server().call('GET', `/v1/gifs/search?api_key=${server().webKey}&q=${encodeURIComponent(q)}`, {
      direct: true,
      headers: { 'x-forwarded-for': address },
      ...(as ? { as, via: 'token' as const } : {}),
    });
    expect(res.status).toBe(200);
    return res.body.pagination.total_count as number;
  };
  const settle = async () => {
    await server().analytics.searchLog.flush();
    await server().analytics.catchUp();
  };
  const dashboard = async () =>
    ((await server().call('GET', '/api/v1/analytics/dashboard-trending-searches/', { direct: true })).body.data as { term: string }[]).map(
      (t) => t.term,
    );
  const v1 = async () =>
    (await server().call('GET', `/v1/trending/searches?api_key=${server().webKey}&limit=50`, { direct: true })).body.data as string[];
  const tenor = async () =>
    (await server().call('GET', `/tenor/v2/trending_terms?key=${server().webKey}&limit=50`, { direct: true })).body.results as string[];
  return { search, settle, dashboard, v1, tenor };
}

/** Words that find GIFs but are no featured tag (those top up the public list whatever is searched). */
async function searchableWords(server: AccountsServer, n: number): Promise<string[]> {
  const rows = await sql<{ t: string }>`
    SELECT t FROM gifs g, unnest(g.tags) t
    WHERE g.type = 'gif' AND t ~ '^[a-z]{4,}$' AND NOT EXISTS (SELECT 1 FROM gifs h WHERE t = ANY(h.featured_tags))
    GROUP BY t ORDER BY count(*) DESC, t LIMIT ${n}`.execute(server.store.db);
  expect(rows.rows.length).toBe(n);
  return rows.rows.map((r) => r.t);
}

describe.each(storeKinds())('trending searches one person cannot write (%s)', (kind) => {
  let server: AccountsServer;
  let staff: TestUser;
  let words: string[];
  const blocklist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-blocklist-')), 'blocklist.txt');
  const calls = trendingCalls(() => server);
  beforeAll(async () => {
    fs.writeFileSync(blocklist, "# the operator's own\nplaceholder\n");
    server = await startAccountsServer(kind, { env: { TRENDING_BLOCKLIST_FILE: blocklist } });
    staff = await server.makeUser('staff');
    words = await searchableWords(server, 6);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('one address searching a term 20 times does not make it trend, and the log holds no address', async () => {
    const [word] = words;
    for (let i = 0; i < 20; i++) expect(await calls.search(word!, '10.9.9.9')).toBeGreaterThan(0);
    await calls.settle();
    expect(await calls.dashboard()).not.toContain(word);
    expect(await calls.v1()).not.toContain(word);
    expect(await calls.tenor()).not.toContain(word);
    const logged = await sql<{
      payload: string;
    }>`SELECT payload::text AS payload FROM events WHERE type = 'search.performed' AND stream_id = ${word!}`.execute(server.store.db);
    expect(logged.rows).toHaveLength(20);
    for (const row of logged.rows) {
      expect(row.payload).not.toContain('10.9.9.9');
      expect(JSON.parse(row.payload).searcher).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(logged.rows.map((r) => JSON.parse(r.payload).searcher)).size).toBe(1);
  });

  it('five distinct addresses that find results make it trend everywhere; four do not', async () => {
    const word = words[1]!;
    const five = addresses(5, 1);
    for (const address of five.slice(0, 4)) expect(await calls.search(word, address)).toBeGreaterThan(0);
    await calls.settle();
    expect(await calls.dashboard()).not.toContain(word);
    await calls.search(word, five[4]!);
    await calls.settle();
    expect(await calls.dashboard()).toContain(word);
    expect(await calls.v1()).toContain(word);
    expect(await calls.tenor()).toContain(word);
    const series = await server.call('GET', '/api/v1/analytics/series/', { as: staff, direct: true });
    expect(series.body.top_searches.data.map((t: { term: string }) => t.term)).toContain(word);
  });

  it('one signed-in user is one searcher from any number of addresses', async () => {
    const word = words[2]!;
    const user = await server.makeUser('user');
    for (const address of addresses(5, 2)) await calls.search(word, address, user);
    await calls.settle();
    expect(await calls.dashboard()).not.toContain(word);
  });

  it('keeps out terms with no results, handles, junk and probes, whoever searches them', async () => {
    const owner = (
      await sql<{
        username: string;
      }>`SELECT u.username FROM users u JOIN gifs g ON g.user_id = u.id WHERE g.type = 'gif' AND NOT g.is_hidden AND NOT g.is_removed GROUP BY u.username ORDER BY count(*) DESC, u.username LIMIT 1`.execute(
        server.store.db,
      )
    ).rows[0]!.username;
    const terms = ['zzqxv nothing matches', `@${owner}`, '%ed%a0%80', `${words[3]}'--`, `${words[3]} <script>`, `${words[3]} ../etc`];
    const everyone = addresses(6, 3);
    for (const term of terms) for (const address of everyone) await calls.search(term, address);
    // The same bytes sent undecoded: invalid UTF-8 in the query string.
    for (const address of everyone)
      await server.call('GET', `/v1/gifs/search?api_key=${server.webKey}&q=%ed%a0%80`, {
        direct: true,
        headers: { 'x-forwarded-for': address },
      });
    expect(await calls.search(`@${owner}`, everyone[0]!)).toBeGreaterThan(0);
    expect(await calls.search(`${words[3]}'--`, everyone[0]!)).toBeGreaterThan(0);
    await calls.settle();
    const shown = await calls.dashboard();
    expect(shown.join('|')).not.toMatch(/\ufffd|%|'|<|\.\./);
    for (const term of terms) expect(shown.join('|')).not.toContain(term.toLowerCase().replace(/^@/, ''));
    // A user's handle never trends either, with or without the @.
    await projectTrendingTerm(server.store.db, owner.toLowerCase());
    expect(await calls.dashboard()).not.toContain(owner.toLowerCase());
  });

  it("keeps out the shipped blocklist's words and the operator's", async () => {
    const spam = ['free robux', 'casino night', 'placeholder'];
    const control = 'quiet harbor';
    for (const term of [...spam, control]) await projectTrendingTerm(server.store.db, term);
    const shown = await calls.dashboard();
    expect(shown).toContain(control);
    for (const term of spam) expect(shown).not.toContain(term);
    expect(await calls.v1()).not.toContain('casino night');
  });
});

describe.each(storeKinds())('trending searches under review (%s)', (kind) => {
  let server: AccountsServer;
  let moderator: TestUser;
  const calls = trendingCalls(() => server);
  beforeAll(async () => {
    server = await startAccountsServer(kind, { env: { TRENDING_REVIEW: 'on' } });
    moderator = await server.makeUser('moderator');
  });
  afterAll(async () => {
    await server?.close();
  });
  const review = (method: string, as?: TestUser, term?: string) =>
    server.call(method, '/api/v1/moderation/trending-candidates/', {
      ...(as ? { as } : {}),
      ...(term === undefined ? {} : { json: { term } }),
    });

  it('shows a qualifying term only once staff approve it', async () => {
    const [word] = await searchableWords(server, 1);
    for (const address of addresses(5, 4)) expect(await calls.search(word!, address)).toBeGreaterThan(0);
    await calls.settle();
    expect(await calls.dashboard()).not.toContain(word);
    expect(await calls.v1()).not.toContain(word);
    const listed = await review('GET', moderator);
    expect(listed.status).toBe(200);
    expect(listed.body.data.review).toBe(true);
    expect(listed.body.data.candidates.map((t: { term: string; searchers: number }) => [t.term, t.searchers])).toContainEqual([word, 5]);

    expect((await review('PUT', undefined, word)).status).toBe(401);
    expect((await review('PUT', await server.makeUser('creator'), word)).status).toBe(403);
    expect((await review('PUT', moderator, '  ')).body.field).toBe('term');
    expect(await calls.dashboard()).not.toContain(word);

    const approved = await review('PUT', moderator, word);
    expect(approved.body.data).toEqual({ term: word, approved: true, changed: true });
    expect(await calls.dashboard()).toContain(word);
    expect(await calls.v1()).toContain(word);
    expect((await review('GET', moderator)).body.data.candidates.map((t: { term: string }) => t.term)).not.toContain(word);
    expect((await review('DELETE', moderator, word)).body.data.changed).toBe(true);
    expect(await calls.dashboard()).not.toContain(word);
    const events = await sql<{
      type: string;
    }>`SELECT type FROM events WHERE stream = 'trending_term' AND stream_id = ${word!} ORDER BY seq`.execute(server.store.db);
    expect(events.rows.map((e) => e.type)).toEqual(['trending_term.approved', 'trending_term.approval_withdrawn']);
  });
});
