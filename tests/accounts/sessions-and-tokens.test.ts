/**
 * Sessions (list, end one, log out everywhere, ended by a password change), personal access tokens
 * (shown once, stored hashed, scoped, revoked), the admin token as staff, and roles changed by staff
 * taking effect at once, with an audit event for each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretHash } from '../../apps/server/src/auth/secrets.ts';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

/** One's scheduled posts: a creator's read (schedule.manage), so the scope a token acts with shows in its answer. */
const CREATORS_READ = '/schedule';

describe.each(storeKinds())('sessions, tokens and roles (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const audit = (userId: number, type: string) =>
    server.db
      .selectFrom('events')
      .select('payload')
      .where('stream', '=', 'user')
      .where('stream_id', '=', String(userId))
      .where('type', '=', type)
      .orderBy('seq')
      .execute();
  const login = async (username: string, password: string) => {
    const res = await server.call('POST', '/api/v1/session/', {
      json: { login: username, password },
      headers: { 'User-Agent': 'second browser' },
    });
    expect(res.status).toBe(200);
    const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
    return { cookie: pairs.join('; '), csrf: res.body.data.csrf_token as string };
  };

  it('lists live sessions, ends one, and logs out everywhere', async () => {
    const password = 'sessions passphrase';
    const ada = await server.makeUser('user', { password });
    const second = await login(ada.username, password);
    const listed = await server.call('GET', '/api/v1/sessions/', { as: ada });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(2);
    expect(listed.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = listed.body.data.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ user_agent: 'second browser', address: '127.0.0.1' });
    expect(Object.keys(other).sort()).toEqual(['address', 'created_at', 'current', 'expires_at', 'id', 'last_seen_at', 'user_agent']);

    expect((await server.call('DELETE', `/api/v1/sessions/${other.id}/`, { as: ada })).status).toBe(200);
    expect((await server.call('GET', '/login/check', { cookie: second.cookie })).body.loggedInStatus).toBe(false);
    expect((await audit(ada.userId, 'session.revoked')).map((e) => e.payload)).toEqual([
      { session: other.id, reason: 'revoked', actor: ada.userId, via: 'session', address: '127.0.0.1' },
    ]);

    const third = await login(ada.username, password);
    const everywhere = await server.call('DELETE', '/api/v1/sessions/', { as: ada });
    expect([everywhere.status, everywhere.body.data.revoked]).toEqual([200, 2]);
    expect(everywhere.headers.getSetCookie().some((c) => /^sessionid=;/.test(c))).toBe(true);
    expect((await server.call('GET', '/login/check', { as: ada })).body.loggedInStatus).toBe(false);
    expect((await server.call('GET', '/login/check', { cookie: third.cookie })).body.loggedInStatus).toBe(false);
    expect(await audit(ada.userId, 'session.revoked_all')).toHaveLength(1);
  });

  it('ends the other sessions and revokes every token when the password changes, keeping this session', async () => {
    const password = 'change me passphrase';
    const bea = await server.makeUser('creator', { password });
    const elsewhere = await login(bea.username, password);
    const wrong = await server.call('POST', '/api/v3/password/change', {
      as: bea,
      json: { current_password: 'not it at all', new_password: 'a new passphrase here' },
    });
    expect([wrong.status, wrong.body.field]).toEqual([403, 'current_password']);
    const changed = await server.call('POST', '/api/v3/password/change', {
      as: bea,
      json: { current_password: password, new_password: 'a new passphrase here' },
    });
    expect([changed.status, changed.body.data.sessions_ended, changed.body.data.tokens_revoked]).toEqual([200, 1, 1]);
    expect((await server.call('GET', '/login/check', { as: bea })).body.loggedInStatus).toBe(true);
    expect((await server.call('GET', '/login/check', { cookie: elsewhere.cookie })).body.loggedInStatus).toBe(false);
    // A token made with the old password (by whoever held it) does not outlive it.
    const check = await server.call('GET', '/login/check', { as: bea, via: 'token' });
    expect([check.status, check.body.loggedInStatus ?? false]).toEqual([401, false]);
    const byToken = await server.call('POST', '/api/v3/password/change', {
      as: bea,
      via: 'token',
      json: { current_password: 'a new passphrase here', new_password: 'a third passphrase' },
    });
    expect(byToken.status).toBe(401);
    expect(await audit(bea.userId, 'password.changed')).toHaveLength(1);
  });

  it('shows a new token once, stores only its hash, scopes it and revokes it', async () => {
    const cleo = await server.makeUser('creator');
    const made = await server.call('POST', '/api/v1/tokens/', { as: cleo, json: { label: 'scheduler script', scope: 'user' } });
    expect(made.status).toBe(201);
    const token = made.body.data.token as string;
    expect(token).toMatch(/^lbp_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data).toMatchObject({ label: 'scheduler script', scope: 'user', hint: `${token.slice(0, 8)}…` });
    const stored = await server.db.selectFrom('access_tokens').selectAll().where('id', '=', made.body.data.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(secretHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await server.call('GET', '/api/v1/tokens/', { as: cleo });
    expect(JSON.stringify(listed.body)).not.toContain(token);
    expect(listed.body.data.map((t: { label: string }) => t.label)).toContain('scheduler script');

    // The token acts as a user (its scope), not as the creator who made it.
    const check = await server.call('GET', '/login/check', { headers: { Authorization: `Bearer ${token}` } });
    expect(check.body).toMatchObject({
      loggedInStatus: true,
      userType: 'user',
      userID: cleo.userId,
      loginMethod: 'token',
      csrfToken: null,
    });
    expect((await server.call('GET', CREATORS_READ, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
    expect((await server.call('GET', CREATORS_READ, { as: cleo, via: 'token' })).status).toBe(200);

    const tooHigh = await server.call('POST', '/api/v1/tokens/', { as: cleo, json: { label: 'too much', scope: 'staff' } });
    expect([tooHigh.status, tooHigh.body.field]).toEqual([403, 'scope']);
    expect((await server.call('POST', '/api/v1/tokens/', { as: cleo, via: 'token', json: { label: 'from a token' } })).status).toBe(403);

    expect((await server.call('DELETE', `/api/v1/tokens/${made.body.data.id}/`, { as: cleo })).status).toBe(200);
    const revoked = await server.call('GET', '/login/check', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(401);
    expect((await audit(cleo.userId, 'token.created')).map((e) => e.payload)).toEqual([
      { token: made.body.data.id, label: 'scheduler script', scope: 'user', actor: cleo.userId, via: 'session', address: '127.0.0.1' },
    ]);
    expect(await audit(cleo.userId, 'token.revoked')).toHaveLength(1);
  });

  it('maps the admin token to a staff principal', async () => {
    const check = await server.call('GET', '/login/check', { headers: { Authorization: `Bearer ${server.adminToken}` } });
    expect(check.body).toMatchObject({ loggedInStatus: true, userType: 'staff', loginMethod: 'token' });
    expect(
      (await server.call('GET', '/api/v1/analytics/series/', { headers: { Authorization: `Bearer ${server.adminToken}` } })).status,
    ).toBe(200);
    expect((await server.call('GET', '/login/check', { headers: { Authorization: 'Bearer not-a-real-token-at-all' } })).status).toBe(401);
  });

  it('lets staff change roles, effective at once, and keeps one staff account', async () => {
    const staff = await server.makeUser('staff');
    const dana = await server.makeUser('user');
    const daneToken = await server.call('POST', '/api/v1/tokens/', { as: dana, json: { label: 'mine' } });
    expect(daneToken.body.data.scope).toBe('user');
    expect((await server.call('GET', CREATORS_READ, { as: dana })).status).toBe(403);
    const promoted = await server.call('PUT', `/api/v1/users/${dana.userId}/role/`, { as: staff, json: { role: 'creator' } });
    expect([promoted.status, promoted.body.data.role]).toEqual([200, 'creator']);
    expect((await server.call('GET', CREATORS_READ, { as: dana })).status).toBe(200);
    // A token keeps the scope it was made with: user.
    expect((await server.call('GET', CREATORS_READ, { headers: { Authorization: `Bearer ${daneToken.body.data.token}` } })).status).toBe(
      403,
    );
    expect((await audit(dana.userId, 'role.changed')).map((e) => e.payload)).toEqual([
      { from: 'user', to: 'creator', actor: staff.userId, via: 'session', address: '127.0.0.1' },
    ]);
    const bad = await server.call('PUT', `/api/v1/users/${dana.userId}/role/`, { as: staff, json: { role: 'emperor' } });
    expect([bad.status, bad.body.field]).toEqual([400, 'role']);

    // Every other staff account demoted, the last one stays.
    const others = await server.db.selectFrom('users').select('id').where('role', '=', 'staff').where('id', '!=', staff.userId).execute();
    for (const { id } of others)
      expect((await server.call('PUT', `/api/v1/users/${id}/role/`, { as: staff, json: { role: 'moderator' } })).status).toBe(200);
    const last = await server.call('PUT', `/api/v1/users/${staff.userId}/role/`, { as: staff, json: { role: 'user' } });
    expect(last.status).toBe(409);
    expect((await server.call('GET', '/login/check', { as: staff })).body.userType).toBe('staff');
  });

  it('answers each caller with the permission table’s grants for them', async () => {
    const creator = await server.makeUser('creator');
    const bySession = (await server.call('GET', '/login/check', { as: creator })).body.permissions;
    expect(bySession).toMatchObject({ 'dashboard.open': 'any', 'analytics.read': 'own', 'gif.upload': 'own', 'token.manage': 'own' });
    expect(bySession).not.toHaveProperty('mail.read_outbox');
    // A token never reaches session-only actions, and says so.
    expect((await server.call('GET', '/login/check', { as: creator, via: 'token' })).body.permissions).not.toHaveProperty('token.manage');
  });

  it('answers the anonymous logged-in state and the build', async () => {
    const check = await server.call('GET', '/login/check');
    const anonymous = {
      'account.create': 'any',
      'build.read': 'any',
      'email.verify': 'any',
      'gif.report': 'any',
      'gif.report_action': 'any',
      'password.reset': 'any',
      'profile.read': 'any',
      'search.report': 'any',
      'session.create': 'any',
    };
    expect(check.body).toEqual({
      loggedInStatus: false,
      userType: 'anonymous',
      verifiedStatus: false,
      userID: null,
      loginMethod: null,
      emailVerified: false,
      csrfToken: null,
      user: null,
      permissions: anonymous,
    });
    const build = await server.call('GET', '/api/v3/env/build');
    expect(build.status).toBe(200);
    expect(build.body).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      commit: expect.stringMatching(/^([0-9a-f]{40}|unknown)$/),
      built_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(build.body.built_at))).toBe(false);
  });
});
