/**
 * Favorites (a signed-in user's, logged as events) and, with no SMTP configured, the outbox staff read
 * to pass on verification and reset links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('favorites and the outbox (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds, lists and removes favorites, each change an event on the GIF’s stream', async () => {
    const fan = await server.makeUser('user');
    const gifs = await server.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .orderBy('id')
      .limit(2)
      .execute();
    const [a, b] = gifs.map((g) => g.id) as [string, string];
    expect((await server.call('PUT', `/api/v1/favorites/${a}/`, { as: fan })).status).toBe(200);
    expect((await server.call('PUT', `/api/v1/favorites/${b}/`, { as: fan })).status).toBe(200);
    expect((await server.call('PUT', `/api/v1/favorites/${b}/`, { as: fan })).status).toBe(200);
    const listed = await server.call('GET', '/api/v1/favorites/?limit=10', { as: fan });
    expect(listed.body.data.map((g: { id: string }) => g.id)).toEqual([b, a]);
    expect(listed.body.pagination).toEqual({ total_count: 2, count: 2, offset: 0 });
    expect(listed.body.data[0].analytics_response_payload).toMatch(/^e=/);
    expect((await server.call('GET', `/api/v1/favorites/${a}/`, { as: fan })).body.data.favorite).toBe(true);
    expect((await server.call('DELETE', `/api/v1/favorites/${a}/`, { as: fan })).status).toBe(200);
    expect((await server.call('GET', `/api/v1/favorites/${a}/`, { as: fan })).body.data.favorite).toBe(false);
    expect((await server.call('PUT', '/api/v1/favorites/NoSuchGif999/', { as: fan })).status).toBe(404);
    const events = await server.db
      .selectFrom('events')
      .select(['type', 'stream_id', 'payload'])
      .where('type', 'like', 'favorite.%')
      .where('stream', '=', 'gif')
      .orderBy('seq')
      .execute();
    expect(events.map((e) => [e.type, e.stream_id, (e.payload as { user_id: number }).user_id])).toEqual([
      ['favorite.added', a, fan.userId],
      ['favorite.added', b, fan.userId],
      ['favorite.removed', a, fan.userId],
    ]);
  });

  it('lists queued mail with its link for staff when no SMTP server is set', async () => {
    const user = await server.makeUser('user');
    expect((await server.call('POST', '/api/v3/password/reset', { json: { email: user.email } })).status).toBe(200);
    const staff = await server.makeUser('staff');
    const outbox = await server.call('GET', '/api/v1/mail/outbox/', { as: staff });
    expect(outbox.status).toBe(200);
    expect(outbox.body.smtp).toBe(false);
    const message = outbox.body.data.find((m: { to_address: string }) => m.to_address === user.email);
    expect(message).toMatchObject({ kind: 'reset_password', sent_at: null, subject: 'Reset your Loopbox password' });
    expect(message.body).toMatch(/\/password#token=[A-Za-z0-9_-]{43}/);
    expect((await server.call('GET', '/api/v1/mail/outbox/', { as: user })).status).toBe(403);
  });
});
