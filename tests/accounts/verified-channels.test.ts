/**
 * Verified channels (issue 31): a signed-in person applies at `POST /api/v1/applications/` (one open
 * application, validated at the boundary), staff approve or refuse it with a note (a mail either way,
 * read from the real SMTP server), approval makes a `user` a `creator` with the verified badge, which
 * then shows on the profile, on the attribution of their GIFs and in `stories/partnerArtist`. Staff set
 * `is_verified`, `is_public` and `suppress_chrome` through `PATCH /api/v1/users/{id}/`, each change an
 * event of the audit trail; nobody else may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORIES_PATH } from '../../apps/server/src/stories/constants.ts';
import { applicationsDb } from '../../apps/server/src/verified-channels/schema.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('verified channels (%s)', (kind) => {
  let server: AccountsServer;
  let staff: TestUser;
  let gifs: string[];
  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
    staff = await server.makeUser('staff');
    gifs = (
      await server.db
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

  const application = (overrides: Record<string, unknown> = {}) => ({
    name: 'Studio Loop',
    links: ['https://studio-loop.example.test', 'http://portfolio.example.test/loop'],
    examples: [gifs[0], `${server.baseUrl}/gifs/funny-${gifs[1]}`, 'https://vimeo.example.test/123'],
    why: 'We animate.\n\nA lot.',
    ...overrides,
  });
  const apply = (as: TestUser, body: unknown = application()) => server.call('POST', '/api/v1/applications/', { as, json: body });
  const openQueue = async () =>
    (await server.call('GET', '/api/v1/applications/', { as: staff })).body.data as {
      id: string;
      applicant: { id: number };
      examples: { url: string; gif_id: string | null }[];
      gifs: Record<string, { preview: string }>;
    }[];
  const decide = (id: string, body: unknown, as: TestUser = staff) =>
    server.call('POST', `/api/v1/applications/${id}/decision/`, { as, json: body });
  const trail = async (userId: number) =>
    (await server.call('GET', `/api/v1/moderation/audit/?target=user:${userId}`, { as: staff })).body.data.entries as {
      type: string;
      actor: unknown;
      payload: Record<string, unknown>;
    }[];

  it("takes an application, shows it as open, and lists it for staff with tiles for this site's GIFs", async () => {
    const artist = await server.makeUser('user');
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data).toBeNull();
    const sent = await apply(artist);
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      state: 'open',
      name: 'Studio Loop',
      why: 'We animate.\n\nA lot.',
      links: ['https://studio-loop.example.test', 'http://portfolio.example.test/loop'],
    });
    expect(sent.body.data.examples).toEqual([
      { url: `${server.baseUrl}/gifs/${gifs[0]}`, gif_id: gifs[0] },
      { url: `${server.baseUrl}/gifs/funny-${gifs[1]}`, gif_id: gifs[1] },
      { url: 'https://vimeo.example.test/123', gif_id: null },
    ]);
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data).toMatchObject({
      id: sent.body.data.id,
      state: 'open',
    });
    const listed = (await openQueue()).find((a) => a.id === sent.body.data.id)!;
    expect(listed.applicant.id).toBe(artist.userId);
    expect(Object.keys(listed.gifs).sort()).toEqual([gifs[0], gifs[1]].sort());
    expect(listed.gifs[gifs[0]!]!.preview).toMatch(new RegExp(`^/media/${gifs[0]}/`));
    expect((await trail(artist.userId)).map((e) => e.type)).toContain('channel_application.submitted');
  });

  it('keeps one open application per person', async () => {
    const artist = await server.makeUser('user');
    expect((await apply(artist)).status).toBe(201);
    const again = await apply(artist, application({ name: 'Second try' }));
    expect(again.status).toBe(409);
    expect(again.body.meta.msg).toMatch(/already have an application waiting/);
    const rows = await applicationsDb(server.store.db)
      .selectFrom('channel_applications')
      .select('name')
      .where('user_id', '=', artist.userId)
      .execute();
    expect(rows).toEqual([{ name: 'Studio Loop' }]);
  });

  it('approves: the applicant becomes a verified creator, is mailed, and the badge shows on profile, attribution and partnerArtist', async () => {
    const artist = await server.makeUser('user');
    await server.db.updateTable('gifs').set({ user_id: artist.userId }).where('id', '=', gifs[2]!).execute();
    const { id } = (await apply(artist)).body.data;
    // Called on the service itself, so its purge header (which the edge acts on and drops) is seen.
    const approved = await server.call('POST', `/api/v1/applications/${id}/decision/`, {
      as: staff,
      json: { decision: 'approve', note: 'Lovely loops' },
      direct: true,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id, state: 'approved', role: 'creator', is_verified: true });
    expect(approved.headers.get('Loopbox-Purge')).toBe('all');

    const mail = await server.smtp!.waitFor((m) => m.to === artist.email && m.subject === 'Your Loopbox channel is verified');
    expect(mail.text).toContain(`${server.baseUrl}/${artist.username}`);
    expect(mail.text).toContain('"Lovely loops"');
    expect(mail.text).toContain('creator account');

    const mine = (await server.call('GET', `/api/v1/users/${artist.userId}/`, { as: artist })).body.data;
    expect(mine).toMatchObject({ role: 'creator', is_verified: true });
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data).toMatchObject({
      state: 'approved',
      decision_note: 'Lovely loops',
    });
    expect((await openQueue()).map((a) => a.id)).not.toContain(id);
    const gif = await server.call('GET', `/v1/gifs/${gifs[2]}?api_key=${server.webKey}`);
    expect(gif.body.data.user).toMatchObject({ username: artist.username, is_verified: true });

    const story = await server.call('POST', STORIES_PATH, {
      as: artist,
      json: { title: 'Verified by staff', gifs: [{ gif_id: gifs[2] }], is_published: true },
    });
    expect(story.status).toBe(201);
    const partner = await server.call('GET', `${STORIES_PATH}/partnerArtist`);
    expect(partner.body.data.map((s: { title: string }) => s.title)).toContain('Verified by staff');

    const types = (await trail(artist.userId)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['channel_application.approved', 'user.flags_changed', 'role.changed']));
    // Decided once: a second decision finds nothing open.
    expect((await decide(id, { decision: 'refuse', note: 'Too late' })).status).toBe(404);
  });

  it('refuses with the note, mailed, and the applicant may apply again', async () => {
    const artist = await server.makeUser('user');
    const { id } = (await apply(artist)).body.data;
    const noNote = await decide(id, { decision: 'refuse' });
    expect([noNote.status, noNote.body.field]).toEqual([400, 'note']);
    const refused = await decide(id, { decision: 'refuse', note: 'Show us more of your own work' });
    expect(refused.body.data).toMatchObject({ state: 'refused', role: 'user', is_verified: false });
    const mail = await server.smtp!.waitFor((m) => m.to === artist.email && m.subject === 'Your Loopbox channel application');
    expect(mail.text).toContain('"Show us more of your own work"');
    expect(mail.text).toContain(`${server.baseUrl}/apply`);
    const me = (await server.call('GET', `/api/v1/users/${artist.userId}/`, { as: artist })).body.data;
    expect(me).toMatchObject({ role: 'user', is_verified: false });
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data).toMatchObject({
      state: 'refused',
      decision_note: 'Show us more of your own work',
    });
    expect((await apply(artist, application({ name: 'Studio Loop, again' }))).status).toBe(201);
    expect((await trail(artist.userId)).map((e) => e.type)).toContain('channel_application.refused');
  });

  it('names the field of a bad application and keeps nothing', async () => {
    const artist = await server.makeUser('user');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '  ' }, 'name', /name is required/],
      [{ name: 'x'.repeat(101) }, 'name', /at most 100/],
      [{ links: [] }, 'links', /1 to 5 URLs/],
      [{ links: Array.from({ length: 6 }, (_, i) => `https://l${i}.example.test`) }, 'links', /1 to 5 URLs/],
      [{ links: ['javascript:alert(1)'] }, 'links', /http or https URL/],
      [{ links: 'https://one.example.test' }, 'links', /list of URLs/],
      [{ examples: [] }, 'examples', /1 to 10/],
      [{ examples: Array.from({ length: 11 }, () => gifs[0]) }, 'examples', /1 to 10/],
      [{ examples: ['not a gif id!'] }, 'examples', /GIF id of this site or an http or https URL/],
      [{ examples: ['NoSuchGif123'] }, 'examples', /no GIF NoSuchGif123/],
      [{ examples: [`${server.baseUrl}/gifs/nothing-NoSuchGif123`] }, 'examples', /does not have/],
      [{ why: '' }, 'why', /why is required/],
      [{ why: 'y'.repeat(2001) }, 'why', /at most 2000/],
    ];
    for (const [change, field, message] of cases) {
      const res = await apply(artist, application(change));
      expect({ change, status: res.status, field: res.body.field, ok: message.test(res.body.meta.msg) }).toEqual({
        change,
        status: 400,
        field,
        ok: true,
      });
    }
    const text = await server.call('POST', '/api/v1/applications/', {
      as: artist,
      headers: { 'Content-Type': 'text/plain' },
      body: new TextEncoder().encode('name=x'),
    });
    expect(text.status).toBe(415);
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data).toBeNull();
  });

  it('refuses anonymous callers (401) and non-staff reviewers (403) before reading anything', async () => {
    expect((await server.call('POST', '/api/v1/applications/', { json: application() })).status).toBe(401);
    expect((await server.call('GET', '/api/v1/applications/mine/')).status).toBe(401);
    const artist = await server.makeUser('user');
    const { id } = (await apply(artist)).body.data;
    for (const role of ['user', 'creator', 'moderator'] as const) {
      const caller = await server.makeUser(role);
      expect((await server.call('GET', '/api/v1/applications/', { as: caller })).status).toBe(403);
      const tried = await decide(id, { decision: 'approve' }, caller);
      expect([tried.status, tried.body.meta.msg]).toEqual([403, `Not allowed: application.review is not granted to ${role}`]);
    }
    expect((await server.call('GET', '/api/v1/applications/')).status).toBe(401);
    expect((await server.call('GET', '/api/v1/applications/mine/', { as: artist })).body.data.state).toBe('open');
  });

  it('lets staff verify, hide and suppress chrome through PATCH, each change audited, and nobody else', async () => {
    const person = await server.makeUser('user');
    // On the service itself, so its purge header (which the edge acts on and drops) is seen.
    const patch = (json: unknown, as: TestUser = staff) =>
      server.call('PATCH', `/api/v1/users/${person.userId}/`, { as, json, direct: true });
    const set = await patch({ is_verified: true, is_public: false, suppress_chrome: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ is_verified: true, is_public: false, suppress_chrome: true });
    expect(set.headers.get('Loopbox-Purge')).toBe('all');
    // A hidden user's profile is found by staff and themself only.
    expect((await server.call('GET', `/api/v1/users/${person.userId}/`)).status).toBe(404);
    const flagged = (await trail(person.userId)).filter((e) => e.type === 'user.flags_changed');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.payload).toMatchObject({
      actor: staff.userId,
      changes: { is_verified: { from: false, to: true }, is_public: { from: true, to: false }, suppress_chrome: { from: false, to: true } },
    });
    // Setting what is already set logs nothing and purges nothing.
    const same = await patch({ is_verified: true });
    expect([same.status, same.headers.get('Loopbox-Purge')]).toEqual([200, null]);
    expect((await trail(person.userId)).filter((e) => e.type === 'user.flags_changed')).toHaveLength(1);
    expect((await patch({ is_public: true })).body.data.is_public).toBe(true);
    expect((await server.call('GET', `/api/v1/users/${person.userId}/`)).status).toBe(200);
    const lookedUp = await server.call('GET', `/api/v1/moderation/users/?username=${person.username}`, { as: staff });
    expect(lookedUp.body.data).toMatchObject({ is_verified: true, is_public: true, suppress_chrome: true });

    // The person themself, and a moderator, may not; nor may a flag be anything but a boolean.
    const own = await patch({ is_verified: false, display_name: 'Sneaky' }, person);
    expect([own.status, own.body.meta.msg]).toEqual([403, 'Not allowed: user.flag is not granted to user']);
    const moderator = await server.makeUser('moderator');
    expect((await patch({ is_public: false }, moderator)).status).toBe(403);
    const bad = await patch({ is_verified: 'yes' });
    expect([bad.status, bad.body.field]).toEqual([400, 'is_verified']);
    const after = (await server.call('GET', `/api/v1/users/${person.userId}/`, { as: staff })).body.data;
    expect(after).toMatchObject({ is_verified: true, is_public: true });
    expect(after.display_name).not.toBe('Sneaky');
    // A user's own profile edits still work without flags.
    expect((await patch({ display_name: 'Plain edit' }, person)).status).toBe(200);
  });
});
