/**
 * Moderation through the real wiring (edge in front, store on both kinds): reports of GIFs and of
 * searches (deduplicated per reporter, rate-limited per address), the review queue, decisions applied
 * at once to search, the API, the embed and the edge's cached answers, account actions, and the audit
 * trail by target and by actor.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const REPORT_LIMIT = 14;

describe.each(storeKinds())('moderation: reports and decisions (%s)', (kind) => {
  let server: AccountsServer;
  let moderator: TestUser;
  let staff: TestUser;
  let creator: TestUser;
  let user: TestUser;
  /** Seeded GIFs given a word of their own, so a search finds exactly them. */
  const gifs: Record<string, string> = {};

  beforeAll(async () => {
    server = await startAccountsServer(kind, { web: true, attemptLimits: { reportsPerAddress: { points: REPORT_LIMIT, windowS: 3600 } } });
    moderator = await server.makeUser('moderator');
    staff = await server.makeUser('staff');
    creator = await server.makeUser('creator');
    user = await server.makeUser('user');
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .limit(4)
      .execute();
    for (const [i, name] of ['quokka', 'axolotl', 'pangolin', 'tapir'].entries()) {
      const id = rows[i]!.id;
      gifs[name] = id;
      await server.store.db
        .updateTable('gifs')
        .set({ title: `Moderation ${name}`, user_id: creator.userId })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const search = async (q: string) => ((await server.call('GET', `/v1/gifs/search?q=${q}`)).body.data as { id: string }[]).map((g) => g.id);
  const report = (id: string, json: unknown, as?: TestUser) =>
    server.call('POST', `/ajax/gif/${id}/report/`, { ...(as ? { as } : {}), json });
  const decide = (id: string, json: unknown, as: TestUser = moderator) =>
    server.call('POST', `/api/v1/gifs/${id}/moderation`, { as, json });
  const eventsOf = async (type: string, streamId: string) =>
    (
      await sql<{
        payload: Record<string, unknown>;
      }>`SELECT payload FROM events WHERE type = ${type} AND stream_id = ${streamId} ORDER BY seq`.execute(server.store.db)
    ).rows.map((r) => r.payload);

  it('takes a GIF report from anyone, once per reporter, with a reason from the list', async () => {
    const id = gifs.quokka!;
    const first = await report(id, { reason: 'spam', note: 'Posted  everywhere\u0007' });
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ gif_id: id, reported: true, duplicate: false });
    const again = await report(id, { reason: 'hate' });
    expect([again.status, again.body.data.duplicate]).toEqual([200, true]);
    expect((await report(id, { reason: 'violence', note: 'Violent' }, user)).status).toBe(201);
    const bad = await report(id, { reason: 'boring' });
    expect([bad.status, bad.body.field]).toEqual([400, 'reason']);
    expect(bad.body.meta.msg).toMatch(/reason must be one of sexual, violence/);
    expect((await report(id, { reason: 'spam', note: 'x'.repeat(1001) }, user)).body.field).toBe('note');
    expect((await report('NoSuchGif123', { reason: 'spam' })).status).toBe(404);
    const logged = await eventsOf('gif.reported', id);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ reason: 'spam', note: 'Posted everywhere', actor: null, via: 'anonymous' });
    expect(logged[1]).toMatchObject({ reason: 'violence', actor: user.userId, via: 'session' });
  });

  it('takes a search report with SPEC 7.2 fields, once per reporter and term', async () => {
    const body = {
      reasons: ['offensive', 'irrelevant', 'offensive'],
      additional_info: 'Not what I searched for',
      search_response_id: 'abc-123',
      search_term: 'Quokka ',
      search_content_type: 'gifs',
    };
    const made = await server.call('POST', '/ajax/report-search', { as: user, json: body });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ search_term: 'quokka', duplicate: false });
    expect((await server.call('POST', '/ajax/report-search', { as: user, json: body })).body.data.duplicate).toBe(true);
    const row = await sql<{
      reasons: string[];
      additional_info: string;
    }>`SELECT reasons, additional_info FROM search_reports WHERE search_term = 'quokka'`.execute(server.store.db);
    expect(row.rows).toEqual([{ reasons: ['offensive', 'irrelevant'], additional_info: 'Not what I searched for' }]);
    for (const [field, value] of [
      ['reasons', []],
      ['reasons', ['meh']],
      ['search_term', ''],
      ['search_content_type', 'gifz'],
      ['search_response_id', 'a b'],
    ] as const) {
      const res = await server.call('POST', '/ajax/report-search', { json: { ...body, [field]: value } });
      expect([field, res.status, res.body.field]).toEqual([field, 400, field]);
    }
    expect(await eventsOf('search.reported', 'quokka')).toHaveLength(1);
  });

  it('lists reported GIFs in the review queue for moderators, with details and history', async () => {
    expect((await server.call('GET', '/api/v1/moderation/queue/', { as: creator })).status).toBe(403);
    const queue = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
    expect(queue.status, queue.text).toBe(200);
    const item = queue.body.data.find((g: { id: string }) => g.id === gifs.quokka);
    expect(item).toMatchObject({ open_reports: 2, reasons: ['spam', 'violence'], moderation_state: 'none', username: creator.username });
    expect(item.preview).toMatch(new RegExp(`^/media/${gifs.quokka}/`));
    const detail = await server.call('GET', `/api/v1/gifs/${gifs.quokka}/moderation`, { as: moderator });
    expect(detail.body.data.reports.map((r: { reason: string }) => r.reason).sort()).toEqual(['spam', 'violence']);
    expect(detail.body.data.history.map((h: { type: string }) => h.type)).toContain('gif.reported');
  });

  it('hides a GIF at once from search (through the edge cache), the API and its embed, and restores it', async () => {
    const id = gifs.quokka!;
    expect(await search('quokka')).toEqual([id]);
    expect((await server.call('GET', '/v1/gifs/search?q=quokka')).headers.get('x-cache')).toBe('HIT');
    expect((await decide(id, { action: 'hide', reason: '' })).body.field).toBe('reason');
    const hidden = await decide(id, { action: 'hide', reason: 'Reported as spam' });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.data).toMatchObject({ state: 'hidden', is_removed: false });
    expect(await search('quokka')).toEqual([]);
    // Hidden answers 410 on every door (content-policy/table.ts), the API as the embed.
    expect((await server.call('GET', `/v1/gifs/${id}`)).status).toBe(410);
    const embed = await server.call('GET', `/embed/${id}`);
    expect([embed.status, embed.text.includes('This GIF is no longer available')]).toEqual([410, true]);
    const queue = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
    expect(queue.body.data.map((g: { id: string }) => g.id)).not.toContain(id);
    const restored = await decide(id, { action: 'restore', reason: 'Not spam after all' });
    expect(restored.body.data.state).toBe('approved');
    expect(await search('quokka')).toEqual([id]);
    expect((await server.call('GET', `/embed/${id}`)).status).toBe(200);
  });

  it('changes a rating, removes and approves, each logged with what it was before', async () => {
    const id = gifs.axolotl!;
    expect(await search('axolotl')).toEqual([id]);
    expect((await decide(id, { action: 'rate', reason: 'Too mature' })).body.field).toBe('rating');
    expect((await decide(id, { action: 'rate', reason: 'Too mature', rating: 'r' })).body.data.rating).toBe('r');
    expect(await search('axolotl')).toEqual([]);
    expect((await server.call('GET', '/v1/gifs/search?q=axolotl&rating=r')).body.data.map((g: { id: string }) => g.id)).toEqual([id]);
    await decide(id, { action: 'remove', reason: 'Illegal content' });
    expect((await server.call('GET', '/v1/gifs/search?q=axolotl&rating=r')).body.data).toEqual([]);
    // Removed by moderation answers as an unknown GIF does.
    expect((await server.call('GET', `/embed/${id}`)).status).toBe(404);
    expect((await decide('NoSuchGif123', { action: 'approve', reason: 'x' })).status).toBe(404);
    expect((await decide(id, { action: 'approve', reason: 'x' }, creator)).status).toBe(403);
    expect((await decide(id, { action: 'approve', reason: 'x' }, user)).status).toBe(403);
    const logged = await eventsOf('gif.moderated', id);
    expect(logged.map((e) => e.decision)).toEqual(['rate', 'remove']);
    expect(logged[0]).toMatchObject({
      reason: 'Too mature',
      rating: 'r',
      before: { state: 'none', removed: false, rating: 'g' },
      actor: moderator.userId,
    });
  });

  it('closes open reports with the decision: an approved GIF leaves the queue', async () => {
    const id = gifs.pangolin!;
    await report(id, { reason: 'other' }, staff);
    const queued = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
    expect(queued.body.data.map((g: { id: string }) => g.id)).toContain(id);
    await decide(id, { action: 'approve', reason: 'Fine' });
    const after = await server.call('GET', '/api/v1/moderation/queue/', { as: moderator });
    expect(after.body.data.map((g: { id: string }) => g.id)).not.toContain(id);
    const closed = await sql<{ resolution: string }>`SELECT resolution FROM gif_reports WHERE gif_id = ${id}`.execute(server.store.db);
    expect(closed.rows).toEqual([{ resolution: 'approve' }]);
    // A new report after the decision opens a new one.
    expect((await report(id, { reason: 'spam' }, staff)).status).toBe(201);
  });

  it('lets staff warn, suspend and restore an account; a suspended one is signed out and cannot sign in', async () => {
    const password = 'a suspended passphrase';
    const target = await server.makeUser('creator', { password });
    const act = (json: unknown, as: TestUser = staff) => server.call('POST', `/api/v1/users/${target.userId}/moderation/`, { as, json });
    expect((await act({ action: 'warn', reason: 'x' }, moderator)).status).toBe(403);
    expect((await act({ action: 'ban', reason: 'x' })).body.field).toBe('action');
    expect((await act({ action: 'warn', reason: 'Please tag your GIFs' })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/sessions/', { as: target })).status).toBe(200);
    const suspended = await act({ action: 'suspend', reason: 'Spam uploads' });
    expect(suspended.body.data).toMatchObject({ action: 'suspend', suspended: true });
    expect((await server.call('GET', '/api/v1/sessions/', { as: target })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/sessions/', { as: target, via: 'token' })).status).toBe(401);
    const login = await server.call('POST', '/api/v1/session/', { json: { login: target.username, password } });
    expect([login.status, login.body.meta.msg]).toEqual([403, 'This account is suspended']);
    await act({ action: 'restore', reason: 'Appeal accepted' });
    expect((await server.call('POST', '/api/v1/session/', { json: { login: target.username, password } })).status).toBe(200);
    expect(
      (await server.call('POST', `/api/v1/users/${staff.userId}/moderation/`, { as: staff, json: { action: 'suspend', reason: 'x' } }))
        .status,
    ).toBe(409);
    const mails = await sql<{ kind: string }>`SELECT kind FROM mail_outbox WHERE to_address = ${target.email} ORDER BY id`.execute(
      server.store.db,
    );
    expect(mails.rows.map((m) => m.kind)).toEqual(['account_warned', 'account_suspended', 'account_restored']);
  });

  it('answers the audit trail by target and by actor', async () => {
    const byTarget = await server.call('GET', `/api/v1/moderation/audit/?target=gif:${gifs.axolotl}`, { as: moderator });
    expect(byTarget.status, byTarget.text).toBe(200);
    expect(byTarget.body.data.entries.filter((e: { type: string }) => e.type === 'gif.moderated')).toHaveLength(2);
    expect(byTarget.body.data.entries.every((e: { stream_id: string }) => e.stream_id === gifs.axolotl)).toBe(true);
    const byActor = await server.call('GET', `/api/v1/moderation/audit/?actor=${moderator.userId}&limit=3`, { as: moderator });
    const entries = byActor.body.data.entries as { type: string; actor: number; seq: string }[];
    expect(entries).toHaveLength(3);
    expect(entries.every((e) => e.actor === moderator.userId && e.type === 'gif.moderated')).toBe(true);
    const next = await server.call('GET', `/api/v1/moderation/audit/?actor=${moderator.userId}&before=${byActor.body.data.next_before}`, {
      as: moderator,
    });
    expect(next.body.data.entries.length).toBeGreaterThan(0);
    expect(next.body.data.entries.every((e: { seq: string }) => BigInt(e.seq) < BigInt(entries[2]!.seq))).toBe(true);
    const staffActions = await server.call('GET', `/api/v1/moderation/audit/?actor=${staff.userId}`, { as: staff });
    expect(staffActions.body.data.entries.map((e: { type: string }) => e.type)).toContain('account.moderated');
    expect((await server.call('GET', '/api/v1/moderation/audit/?target=nothing', { as: moderator })).body.meta.msg).toMatch(
      /^target must be gif:<id>/,
    );
    expect((await server.call('GET', '/api/v1/moderation/audit/', { as: creator })).status).toBe(403);
  });

  it('limits reports per address with a 429 that says when to try again', async () => {
    let res = await report(gifs.tapir!, { reason: 'spam' });
    for (let i = 0; i < REPORT_LIMIT && res.status !== 429; i++)
      res = await report(gifs.tapir!, { reason: 'spam' }, await server.makeUser('user'));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
