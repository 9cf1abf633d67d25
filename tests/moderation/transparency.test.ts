/**
 * The transparency figures (`GET /api/v1/transparency/`, what `/transparency` shows) on both stores:
 * a seeded set of reports, decisions, resolutions and takedowns in two past months gives exact
 * figures by month, this month's come from the real report and decision routes, anyone may read them,
 * and one computation serves callers for a while.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPARENCY_MONTHS } from '../../apps/server/src/moderation/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const HOUR = 3_600_000;
/** Noon on the 10th of the month `back` months before now (UTC), plus `hours`. */
const inMonth = (back: number, hours = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 10, 12) + hours * HOUR);
};
const monthKey = (back: number) => inMonth(back).toISOString().slice(0, 7);

describe.each(storeKinds())('moderation: transparency figures (%s)', (kind) => {
  let server: AccountsServer;
  let moderator: TestUser;
  let gifs: string[];
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    moderator = await server.makeUser('moderator');
    gifs = (
      await server.store.db
        .selectFrom('gifs')
        .select('id')
        .where('is_removed', '=', false)
        .where('type', '=', 'gif')
        .orderBy('id')
        .limit(3)
        .execute()
    ).map((g) => g.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  let n = 0;
  const logged = async (type: string, stream: string, ts: Date, payload: Record<string, unknown>) => {
    n += 1;
    await sql`INSERT INTO events (event_id, type, stream, stream_id, ts, payload) VALUES (${`transparency-${n}`}, ${type}, ${stream}, ${`seeded-${n}`}, ${ts}, ${JSON.stringify(payload)}::jsonb)`.execute(
      server.store.db,
    );
  };
  const closedReport = (gif: string, created: Date, hours: number) =>
    sql`INSERT INTO gif_reports (gif_id, reporter, reason, created_at, resolved_at, resolution) VALUES (${gif}, ${`address:seed-${++n}`}, 'spam', ${created}, ${new Date(created.getTime() + hours * HOUR)}, 'hide')`.execute(
      server.store.db,
    );

  it('counts reports by reason, decisions, resolutions and takedowns by month, with the median time to decision', async () => {
    // This month, through the routes: an anonymous GIF report, a search report, a decision closing the GIF report.
    expect((await server.call('POST', `/ajax/gif/${gifs[0]}/report/`, { json: { reason: 'spam' } })).status).toBe(201);
    expect(
      (
        await server.call('POST', '/ajax/report-search', {
          json: { reasons: ['offensive', 'sexual'], search_term: 'two words', search_content_type: 'gifs' },
        })
      ).status,
    ).toBe(201);
    expect(
      (await server.call('POST', `/api/v1/gifs/${gifs[0]}/moderation`, { as: moderator, json: { action: 'hide', reason: 'Spam' } })).status,
    ).toBe(200);
    // Two months back: 3 GIF reports, 2 search reports, 3 decisions, a resolution of 2 search reports, a takedown of 2 GIFs.
    const back2 = inMonth(2);
    await logged('gif.reported', 'gif', back2, { reason: 'spam', actor: null, via: 'anonymous' });
    await logged('gif.reported', 'gif', back2, { reason: 'spam', actor: moderator.userId, via: 'session' });
    await logged('gif.reported', 'gif', back2, { reason: 'hate', actor: null, via: 'anonymous' });
    await logged('search.reported', 'search', back2, { reasons: ['offensive', 'violent'], actor: null, via: 'anonymous' });
    await logged('search.reported', 'search', back2, { reasons: ['offensive'], actor: null, via: 'anonymous' });
    await logged('gif.moderated', 'gif', back2, { decision: 'hide', reason: 'x', actor: moderator.userId });
    await logged('gif.moderated', 'gif', back2, { decision: 'hide', reason: 'x', actor: moderator.userId });
    await logged('gif.moderated', 'gif', back2, { decision: 'rate', rating: 'r', reason: 'x', actor: moderator.userId });
    await logged('search.reports_resolved', 'search', back2, {
      resolution: 'act',
      reason: 'x',
      through: '0',
      reports: 2,
      actor: moderator.userId,
    });
    await logged('takedown.filed', 'takedown', back2, {
      items: [
        { gif_id: gifs[1], reason: 'copyright' },
        { gif_id: gifs[2], reason: 'copyright' },
      ],
      actor: moderator.userId,
    });
    // Events without an actor (the collector's kind) are not moderation's and are never read.
    await logged('gif.reported', 'gif', back2, { reason: 'spam' });
    for (const hours of [1, 3, 10]) await closedReport(gifs[1]!, inMonth(2, -12 + hours), hours);
    // One month back: a takedown, a dismissal, reports closed after 1 and 2 hours (median 1.5).
    const back1 = inMonth(1);
    await logged('takedown.filed', 'takedown', back1, { items: [{ gif_id: gifs[2], reason: 'trademark' }], actor: moderator.userId });
    await logged('search.reports_resolved', 'search', back1, {
      resolution: 'dismiss',
      reason: '',
      through: '0',
      reports: 1,
      actor: moderator.userId,
    });
    for (const hours of [1, 2]) await closedReport(gifs[2]!, inMonth(1), hours);
    // Before the window: never counted.
    await logged('gif.reported', 'gif', inMonth(TRANSPARENCY_MONTHS), { reason: 'spam', actor: null, via: 'anonymous' });

    const res = await server.call('GET', '/api/v1/transparency/');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { months, since } = res.body.data as { since: string; months: { month: string }[] };
    expect(months.map((m) => m.month)).toEqual(Array.from({ length: TRANSPARENCY_MONTHS }, (_, i) => monthKey(i)));
    expect(since).toBe(`${monthKey(TRANSPARENCY_MONTHS - 1)}-01T00:00:00.000Z`);
    const now = months[0] as Record<string, unknown>;
    expect(now).toMatchObject({
      gif_reports: { spam: 1 },
      search_reports: { offensive: 1, sexual: 1 },
      decisions: { hide: 1 },
      search_report_resolutions: {},
      takedowns: 0,
      takedown_items: 0,
      reports_decided: 1,
    });
    expect(now.median_seconds_to_decision).toBeGreaterThanOrEqual(0);
    expect(months[2]).toEqual({
      month: monthKey(2),
      gif_reports: { spam: 2, hate: 1 },
      search_reports: { offensive: 2, violent: 1 },
      decisions: { hide: 2, rate: 1 },
      search_report_resolutions: { act: 2 },
      takedowns: 1,
      takedown_items: 2,
      reports_decided: 3,
      median_seconds_to_decision: 3 * 3600,
    });
    expect(months[1]).toEqual({
      month: monthKey(1),
      gif_reports: {},
      search_reports: {},
      decisions: {},
      search_report_resolutions: { dismiss: 1 },
      takedowns: 1,
      takedown_items: 1,
      reports_decided: 2,
      median_seconds_to_decision: 1.5 * 3600,
    });
    expect(
      months.slice(3).every(
        (m) =>
          JSON.stringify(m) ===
          JSON.stringify({
            month: m.month,
            gif_reports: {},
            search_reports: {},
            decisions: {},
            search_report_resolutions: {},
            takedowns: 0,
            takedown_items: 0,
            reports_decided: 0,
            median_seconds_to_decision: null,
          }),
      ),
    ).toBe(true);

    // Kept for a while: a report made now shows in a later computation, not in this one's answers.
    expect((await server.call('POST', `/ajax/gif/${gifs[1]}/report/`, { json: { reason: 'hate' } })).status).toBe(201);
    const again = await server.call('GET', '/api/v1/transparency/', { as: moderator });
    expect(again.body.data).toEqual(res.body.data);
  });
});
