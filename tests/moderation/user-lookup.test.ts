/**
 * The staff console's user management finds an account by name (hidden ones too), then changes
 * its role and suspends and restores it through the existing calls; moderators cannot look up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('moderation: users found by name for the staff console (%s)', (kind) => {
  let server: AccountsServer;
  let staff: TestUser;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    staff = await server.makeUser('staff');
  });
  afterAll(async () => {
    await server?.close();
  });

  const lookup = (name: string, as: TestUser | null = staff) =>
    server.call('GET', `/api/v1/moderation/users/?username=${encodeURIComponent(name)}`, as ? { as } : {});

  it('finds an account whatever the case of its name, with its role and suspension, and follows role and account actions', async () => {
    const person = await server.makeUser('user');
    const found = await lookup(person.username.toUpperCase());
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ id: person.userId, username: person.username, role: 'user', suspended_at: null, gif_count: 0 });
    expect((await server.call('PUT', `/api/v1/users/${person.userId}/role/`, { as: staff, json: { role: 'creator' } })).status).toBe(200);
    expect(
      (await server.call('POST', `/api/v1/users/${person.userId}/moderation/`, { as: staff, json: { action: 'suspend', reason: 'Spam' } }))
        .status,
    ).toBe(200);
    const after = (await lookup(person.username)).body.data;
    expect(after.role).toBe('creator');
    expect(after.suspended_at).not.toBeNull();
  });

  it('answers 404 for an unknown name, 400 naming the field for a bad one, and refuses moderators and anonymous', async () => {
    expect((await lookup('nobody_by_this_name')).status).toBe(404);
    const bad = await lookup('no spaces!');
    expect(bad.status).toBe(400);
    expect(bad.body.meta.msg).toMatch(/username/);
    expect((await lookup(staff.username, await server.makeUser('moderator'))).status).toBe(403);
    expect((await lookup(staff.username, null)).status).toBe(401);
  });
});
