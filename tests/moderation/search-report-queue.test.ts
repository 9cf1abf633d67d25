/**
 * The search-report queue and the audit trail through the real wiring, on both stores: reported
 * searches grouped by term with their reasons and details, resolved (dismissed or acted on) as audited
 * events that close exactly the reports the moderator saw; the audit trail newest first by the log's
 * sequence number (not its text), naming actors, anonymous visitors and the system, and filtered by a
 * term with spaces.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

interface QueueTerm {
  term: string;
  open_reports: number;
  reasons: Record<string, number>;
  content_types: string[];
  through: string;
  reports: { id: string; reasons: string[]; additional_info: string; search_content_type: string; signed_in: boolean }[];
}

describe.each(storeKinds())('moderation: the search-report queue and the audit trail (%s)', (kind) => {
  let server: AccountsServer;
  let moderator: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { attemptLimits: { reportsPerAddress: { points: 1000, windowS: 60 } } });
    moderator = await server.makeUser('moderator');
    user = await server.makeUser('user');
  });
  afterAll(async () => {
    await server?.close();
  });

  const reportSearch = (term: string, reasons: string[], extra: Record<string, unknown> = {}, as?: TestUser) =>
    server.call('POST', '/ajax/report-search', {
      ...(as ? { as } : {}),
      json: { reasons, search_term: term, search_content_type: 'gifs', ...extra },
    });
  const queue = async (as: TestUser = moderator) => {
    const res = await server.call('GET', '/api/v1/moderation/search-reports/?limit=100', { as });
    expect(res.status, res.text).toBe(200);
    return res.body.data as QueueTerm[];
  };
  const resolve = (json: Record<string, unknown>, as: TestUser = moderator) =>
    server.call('POST', '/api/v1/moderation/search-reports/resolve', { as, json });
  const audit = async (query: string) => {
    const res = await server.call('GET', `/api/v1/moderation/audit/?${query}`, { as: moderator });
    expect(res.status, res.text).toBe(200);
    return res.body.data.entries as {
      seq: string;
      type: string;
      stream_id: string;
      actor: number | null;
      actor_kind: string;
      actor_username: string | null;
      actor_role: string | null;
      payload: Record<string, unknown>;
    }[];
  };

  it('lists open search reports grouped by term, most reported first, with reasons, details and content types', async () => {
    const busy = `${testUsername('busy')} words`;
    const quiet = testUsername('quiet');
    expect(
      (await reportSearch(busy, ['offensive', 'violent'], { additional_info: 'Gore  in the first row', search_response_id: 'abc-123' }))
        .status,
    ).toBe(201);
    expect((await reportSearch(busy.toUpperCase(), ['offensive'], {}, user)).status).toBe(201);
    expect((await reportSearch(busy, ['irrelevant'], { search_content_type: 'stickers' }, moderator)).status).toBe(201);
    expect((await reportSearch(quiet, ['broken'])).status).toBe(201);
    const listed = await queue();
    const mine = listed.filter((t) => t.term === busy || t.term === quiet);
    expect(mine.map((t) => t.term)).toEqual([busy, quiet]);
    const [b] = mine;
    expect(b).toMatchObject({
      term: busy,
      open_reports: 3,
      reasons: { offensive: 2, violent: 1, irrelevant: 1 },
      content_types: ['gifs', 'stickers'],
    });
    expect(b!.reports.map((r) => [r.reasons, r.additional_info, r.search_content_type, r.signed_in])).toEqual([
      [['irrelevant'], '', 'stickers', true],
      [['offensive'], '', 'gifs', true],
      [['offensive', 'violent'], 'Gore in the first row', 'gifs', false],
    ]);
    expect(b!.through).toBe(b!.reports[0]!.id);
    expect((await server.call('GET', '/api/v1/moderation/search-reports/', { as: user })).status).toBe(403);
    expect((await server.call('GET', '/api/v1/moderation/search-reports/')).status).toBe(401);
  });

  it('resolves a term as dismissed or acted on, closing only the reports the moderator saw, each an audited event', async () => {
    const term = `${testUsername('act')} two`;
    await reportSearch(term, ['sexual']);
    await reportSearch(term, ['offensive'], {}, user);
    const seen = (await queue()).find((t) => t.term === term)!;
    // A report arriving after the moderator looked stays open.
    await reportSearch(term, ['violent'], {}, moderator);
    const acted = await resolve({
      term: ` ${term.toUpperCase()} `,
      resolution: 'act',
      reason: 'Blocked from trending',
      through: seen.through,
    });
    expect(acted.status, acted.text).toBe(200);
    expect(acted.body.data).toEqual({ term, resolution: 'act', through: seen.through, reports: 2 });
    const left = (await queue()).find((t) => t.term === term)!;
    expect([left.open_reports, left.reasons]).toEqual([1, { violent: 1 }]);
    expect((await resolve({ term, resolution: 'dismiss' })).body.data.reports).toBe(1);
    expect((await queue()).find((t) => t.term === term)).toBeUndefined();
    const again = await resolve({ term, resolution: 'dismiss' });
    expect([again.status, again.body.meta.msg]).toEqual([409, `No open reports of the search "${term}"`]);
    const trail = await audit(`target=search:${encodeURIComponent(term.toUpperCase())}`);
    expect(trail.map((e) => [e.type, e.payload.resolution ?? null, e.payload.reports ?? null])).toEqual([
      ['search.reports_resolved', 'dismiss', 1],
      ['search.reports_resolved', 'act', 2],
      ['search.reported', null, null],
      ['search.reported', null, null],
      ['search.reported', null, null],
    ]);
    expect(trail[1]).toMatchObject({
      actor: moderator.userId,
      actor_kind: 'user',
      actor_username: moderator.username,
      actor_role: 'moderator',
      payload: { reason: 'Blocked from trending' },
    });
  });

  it("refuses a resolution that is malformed or not a moderator's, changing nothing", async () => {
    const term = testUsername('refused');
    await reportSearch(term, ['other']);
    const count = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM events WHERE type = 'search.reports_resolved' AND stream_id = ${term}`.execute(server.store.db)
      ).rows[0]!.n;
    expect((await resolve({ term, resolution: 'act' })).body.field).toBe('reason');
    expect((await resolve({ term, resolution: 'ignore' })).body.field).toBe('resolution');
    expect((await resolve({ term, resolution: 'dismiss', through: 'latest' })).body.field).toBe('through');
    expect((await resolve({ term, resolution: 'dismiss' }, user)).status).toBe(403);
    expect((await server.call('POST', '/api/v1/moderation/search-reports/resolve', { json: { term, resolution: 'dismiss' } })).status).toBe(
      401,
    );
    expect(await count()).toBe(0);
    expect((await queue()).find((t) => t.term === term)?.open_reports).toBe(1);
  });

  it('orders the audit trail by sequence number, not by its text', async () => {
    const term = testUsername('order');
    const { rows } = await sql<{ top: string }>`SELECT max(seq)::text AS top FROM events`.execute(server.store.db);
    // Three events whose numbers cross a digit (9…, 10…, 100…), as text they sort 9… > 100… > 10….
    const base = 10n ** BigInt(rows[0]!.top.length + 1);
    const seqs = [base - 1n, base, base * 10n].map(String);
    for (const seq of seqs) {
      await sql`INSERT INTO events (seq, event_id, type, stream, stream_id, payload) OVERRIDING SYSTEM VALUE
        VALUES (${seq}::bigint, ${`order-${seq}-${term}`}, 'search.reported', 'search', ${term}, ${JSON.stringify({ reasons: ['other'], actor: null, via: 'anonymous' })}::jsonb)`.execute(
        server.store.db,
      );
    }
    // Later appends continue past them, as the log's projectors expect.
    await sql`SELECT setval(pg_get_serial_sequence('events', 'seq'), ${String(base * 10n)}::bigint)`.execute(server.store.db);
    expect((await audit(`target=search:${term}`)).map((e) => e.seq)).toEqual([...seqs].reverse());
    const newest = await audit('limit=3');
    expect(newest[0]!.seq).toBe(String(base * 10n));
    const paged = await audit(`target=search:${term}&limit=1&before=${base * 10n}`);
    expect(paged.map((e) => e.seq)).toEqual([String(base)]);
  });

  it('names the actor: a user by name and role, an anonymous visitor, or the system', async () => {
    const term = `${testUsername('who')} and more words`;
    await reportSearch(term, ['offensive']);
    await reportSearch(term, ['broken'], {}, user);
    await sql`INSERT INTO events (event_id, type, stream, stream_id, payload) VALUES (${`cli-${term}`}, 'search.reports_resolved', 'search', ${term}, ${JSON.stringify({ resolution: 'dismiss', reason: 'Operator', through: '0', reports: 0, via: 'cli' })}::jsonb)`.execute(
      server.store.db,
    );
    const trail = await audit(`target=${encodeURIComponent(`search:${term}`)}`);
    expect(trail.map((e) => [e.actor_kind, e.actor_username, e.actor_role])).toEqual([
      ['system', null, null],
      ['user', user.username, 'user'],
      ['anonymous', null, null],
    ]);
    // A `+` in a query string is a space, as a browser's form sends it.
    expect((await audit(`target=search:${term.replace(/ /g, '+')}`)).length).toBe(3);
  });

  it('filters by any target kind and refuses what is no target', async () => {
    expect((await audit(`target=user:${moderator.userId}`)).every((e) => e.stream_id === String(moderator.userId))).toBe(true);
    const bad = async (target: string) => {
      const res = await server.call('GET', `/api/v1/moderation/audit/?target=${encodeURIComponent(target)}`, { as: moderator });
      return `${res.status} ${res.body.meta.msg}`;
    };
    const refusal = /^400 target must be gif:<id>, user:<id>, takedown:<id>, search:<term>, trending_term:<term> \(at most 200 characters/;
    for (const target of ['nothing', 'page:/x', 'search:   ', `search:${'x'.repeat(201)}`]) expect(await bad(target)).toMatch(refusal);
  });
});
