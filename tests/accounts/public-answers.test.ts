/**
 * Issue 13, defect 4: a hidden user (is_public false) never appears in a public answer, user ids
 * cannot be walked, and analytics and staff pages are not for anonymous callers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ID_MIN } from '../../apps/server/src/accounts/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('hidden users and guarded figures (%s)', (kind) => {
  let server: AccountsServer;
  let hidden: { id: number; username: string };
  let gif: { id: string; title: string };
  let channel: { id: number; slug: string };
  beforeAll(async () => {
    server = await startAccountsServer(kind, { web: true });
    const db = server.db;
    hidden = await db.selectFrom('users').select(['id', 'username']).where('username', '=', 'hidden_helen').executeTakeFirstOrThrow();
    // A GIF of the hidden user, found by a word of its title, and a channel of theirs.
    gif = await db
      .selectFrom('gifs')
      .select(['id', 'title'])
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('gifs')
      .set({ user_id: hidden.id, slug: `${hidden.username}-secret-loop-${gif.id}` })
      .where('id', '=', gif.id)
      .execute();
    channel = await db
      .selectFrom('channels')
      .select(['id', 'slug'])
      .where('is_visible', '=', true)
      .where('is_private', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('channels').set({ user_id: hidden.id }).where('id', '=', channel.id).execute();
  });
  afterAll(async () => {
    await server?.close();
  });
  const v1 = (path: string) => server.call('GET', `${path}${path.includes('?') ? '&' : '?'}api_key=${server.webKey}`);
  /** No trace of the hidden user anywhere in an answer. */
  const traceless = (text: string) => expect(text.toLowerCase()).not.toContain(hidden.username.toLowerCase());

  it('leaves the hidden user out of every GIF answer: lookups, search results, the slug and oEmbed', async () => {
    const one = await v1(`/v1/gifs/${gif.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).not.toHaveProperty('user');
    expect(one.body.data.username).toBe('');
    expect(one.body.data.slug).toBe(`secret-loop-${gif.id}`);
    traceless(one.text);
    const many = await v1(`/v1/gifs?ids=${gif.id}`);
    traceless(many.text);
    const word = gif.title.split(/\s+/).find((w) => w.length > 3) ?? gif.title;
    const found = await v1(`/v1/gifs/search?q=${encodeURIComponent(word)}&limit=50`);
    const hit = found.body.data.find((g: { id: string }) => g.id === gif.id);
    expect(hit).toBeDefined();
    expect(hit).not.toHaveProperty('user');
    traceless(found.text);
    const scoped = await v1(`/v1/gifs/search?q=@${hidden.username}`);
    expect(scoped.body.data).toEqual([]);
    const oembed = await server.call('GET', `/oembed?url=${encodeURIComponent(`${server.baseUrl}/gifs/${gif.id}`)}&format=json`);
    expect(oembed.status).toBe(200);
    expect(oembed.body).not.toHaveProperty('author_name');
    traceless(oembed.text);
  });

  it('leaves the hidden user out of channel answers', async () => {
    const channels = await v1(`/v1/channels/search?q=${channel.slug}&limit=50`);
    const found = channels.body.data.find((c: { id: number }) => c.id === channel.id);
    expect(found).toBeDefined();
    expect(found).not.toHaveProperty('user');
    traceless(channels.text);
  });

  it('answers a hidden user’s profile like an unknown id, except to themselves and staff', async () => {
    const unknownId = USER_ID_MIN - 1;
    const hiddenAnswer = await server.call('GET', `/api/v1/users/${hidden.id}/`);
    const unknownAnswer = await server.call('GET', `/api/v1/users/${unknownId}/`);
    expect([hiddenAnswer.status, unknownAnswer.status]).toEqual([404, 404]);
    expect(hiddenAnswer.body.meta.msg.replace(String(hidden.id), 'N')).toBe(unknownAnswer.body.meta.msg.replace(String(unknownId), 'N'));
    const staff = await server.makeUser('staff');
    expect((await server.call('GET', `/api/v1/users/${hidden.id}/`, { as: staff })).body.data.username).toBe(hidden.username);
    const hiddenSelf = await server.makeUser('user');
    await server.db.updateTable('users').set({ is_public: false }).where('id', '=', hiddenSelf.userId).execute();
    expect((await server.call('GET', `/api/v1/users/${hiddenSelf.userId}/`, { as: hiddenSelf })).status).toBe(200);
    expect((await server.call('GET', `/api/v1/users/${hiddenSelf.userId}/`)).status).toBe(404);
  });

  it('gives new accounts ids that cannot be walked, and tells a walker nothing', async () => {
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) made.push(await server.makeUser('creator'));
    for (const user of made) expect(user.userId).toBeGreaterThanOrEqual(USER_ID_MIN);
    const ids = made.map((u) => u.userId).sort((a, b) => a - b);
    expect(ids.some((id, i) => i > 0 && id - ids[i - 1]! > 1)).toBe(true);
    // Anonymous: 401 for a real id and a made-up one alike; a creator: 403 for both.
    const real = made[0]!.userId;
    const madeUp = real + 1;
    for (const path of ['/api/v1/users/{id}/view-count/']) {
      const anon = await Promise.all([real, madeUp].map((id) => server.call('GET', path.replace('{id}', String(id)))));
      expect(anon.map((a) => a.status)).toEqual([401, 401]);
      const creator = await Promise.all([real, madeUp].map((id) => server.call('GET', path.replace('{id}', String(id)), { as: made[1] })));
      expect(creator.map((a) => a.status)).toEqual([403, 403]);
    }
    const searches = await Promise.all(
      [made[0]!.username, 'no_such_user_x'].map((name) =>
        server.call('GET', `/api/v1/analytics/dashboard-trending-searches/?username=${name}`, { as: made[1] }),
      ),
    );
    expect(searches.map((a) => a.status)).toEqual([403, 403]);
  });

  it('sends anonymous visitors of a staff page to the login page, and lets a creator read only their own figures', async () => {
    const page = await server.call('GET', '/dashboard/analytics?days=7');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/login?next=%2Fdashboard%2Fanalytics%3Fdays%3D7');
    expect(page.text).not.toContain('analytics');
    const creator = await server.makeUser('creator');
    expect((await server.call('GET', '/dashboard/analytics', { as: creator })).status).toBe(200);
    expect((await server.call('GET', `/api/v1/analytics/series/?username=${creator.username}`, { as: creator })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/analytics/series/', { as: creator })).status).toBe(403);
    // Everyone signed in has their own figures (issue 31); another's stay refused above.
    expect((await server.call('GET', '/dashboard/analytics', { as: await server.makeUser('user') })).status).toBe(200);
  });
});
