/**
 * Signing up (a pending request until the mailed link is opened), logging in and out, and resetting a forgotten password, over HTTP
 * through the edge, with mail delivered by the mail sender to a real SMTP server in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_REQUESTED } from '../../apps/server/src/accounts/password.ts';
import { SIGNUP_ACCEPTED } from '../../apps/server/src/accounts/signup.ts';
import { startAccountsServer, testUsername, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

/** The secret of a mailed link: it rides in the URL fragment. */
const linkToken = (text: string, page: string) => new RegExp(`${page.replace(/\//g, '\\/')}#token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
/** The session and CSRF cookies a Set-Cookie list hands out, as a Cookie header, plus the CSRF token. */
function cookiesFrom(headers: Headers): { cookie: string; csrf: string } {
  const pairs = headers.getSetCookie().map((c) => c.split(';')[0] as string);
  const csrf = pairs.find((p) => p.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
  return { cookie: pairs.join('; '), csrf };
}

describe.each(storeKinds())('sign-up, mail and passwords (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  const username = testUsername('ada');
  const email = `${username}@example.test`;
  const password = 'correct horse battery';
  let session: { cookie: string; csrf: string };

  const noRows = async (name: string) =>
    expect(await server.db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst()).toBeUndefined();

  it('signs up with a 202, no session and no account; the mailed link makes the account once and signs in', async () => {
    const res = await server.call('POST', '/api/v1/accounts/', { json: { username, email, password } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data).toEqual({ username, email, message: SIGNUP_ACCEPTED });
    expect(res.headers.getSetCookie()).toEqual([]);
    await noRows(username);
    expect((await server.call('POST', '/api/v1/session/', { json: { login: username, password } })).status).toBe(401);

    const mail = await server.smtp!.waitFor((m) => m.to === email && m.subject.includes('Confirm'));
    expect(mail.text).toContain(`${server.baseUrl}/join#token=`);
    const token = linkToken(mail.text, '/join');
    expect(token).toBeDefined();
    // Only the secret's hash is kept.
    const stored = await server.db.selectFrom('signup_requests').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token } });
    expect(confirmed.status, confirmed.text).toBe(201);
    expect(Object.keys(confirmed.body.data).sort()).toEqual(['csrf_token', 'expires_at', 'user_id', 'username']);
    expect(confirmed.body.data.username).toBe(username);
    const setCookies = confirmed.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('sessionid='))).toMatch(/HttpOnly/i);
    expect(setCookies.find((c) => c.startsWith('sessionid='))).toMatch(/SameSite=Lax/i);
    expect(setCookies.find((c) => c.startsWith('csrftoken='))).not.toMatch(/HttpOnly/i);
    session = cookiesFrom(confirmed.headers);
    expect(confirmed.body.data.csrf_token).toBe(session.csrf);
    const check = await server.call('GET', '/login/check', { cookie: session.cookie });
    expect(check.body).toMatchObject({
      loggedInStatus: true,
      userType: 'user',
      loginMethod: 'password',
      emailVerified: true,
      csrfToken: session.csrf,
    });
    expect(check.body.userID).toBe(confirmed.body.data.user_id);
    expect(check.body.userID).toBeGreaterThanOrEqual(100_000_000);
    const created = await server.db.selectFrom('events').select('type').where('stream_id', '=', String(check.body.userID)).execute();
    expect(created.map((e) => e.type)).toEqual(expect.arrayContaining(['account.created', 'session.created']));

    const again = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token } });
    expect([again.status, again.body.field]).toEqual([400, 'token']);
    expect(again.body.meta.msg).toMatch(/invalid, used or expired/);
    const login = await server.call('POST', '/api/v1/session/', { json: { login: username, password } });
    expect(login.status, login.text).toBe(200);
  });

  it('answers a sign-up with a taken e-mail as one with a new address: no account either way, the name held alike, the owner mailed a notice', async () => {
    const owner = await server.makeUser('user');
    const intruder = testUsername('intruder');
    const fresh = testUsername('fresh');
    const before = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const taken = await server.call('POST', '/api/v1/accounts/', {
      json: { username: intruder, email: owner.email.toUpperCase(), password: 'another long passphrase' },
    });
    const free = await server.call('POST', '/api/v1/accounts/', {
      json: { username: fresh, email: `${fresh}@example.test`, password: 'another long passphrase' },
    });
    expect([taken.status, free.status]).toEqual([202, 202]);
    expect(taken.body.data).toEqual({ username: intruder, email: owner.email.toUpperCase(), message: SIGNUP_ACCEPTED });
    expect(Object.keys(taken.body.data)).toEqual(Object.keys(free.body.data));
    expect([taken.headers.getSetCookie(), free.headers.getSetCookie()]).toEqual([[], []]);
    const after = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(0);
    await noRows(intruder);
    await noRows(fresh);

    // Logging in as the new name fails alike, and so does taking the name again.
    const logins = await Promise.all(
      [intruder, fresh].map((login) => server.call('POST', '/api/v1/session/', { json: { login, password: 'another long passphrase' } })),
    );
    expect(logins.map((r) => [r.status, r.body.meta.msg])).toEqual([
      [401, logins[0]!.body.meta.msg],
      [401, logins[0]!.body.meta.msg],
    ]);
    const agains = await Promise.all(
      [intruder, fresh].map((name) =>
        server.call('POST', '/api/v1/accounts/', {
          json: { username: name.toUpperCase(), email: `${testUsername()}@example.test`, password: 'another long passphrase' },
        }),
      ),
    );
    expect(agains.map((r) => [r.status, r.body.field])).toEqual([
      [409, 'username'],
      [409, 'username'],
    ]);

    const notice = await server.smtp!.waitFor((m) => m.to === owner.email && m.subject.includes('tried to sign up'));
    expect(notice.text).toContain(`${server.baseUrl}/login`);
    expect(notice.text).toContain(`${server.baseUrl}/password`);
    expect(notice.text).not.toContain(intruder);
    await server.smtp!.waitFor((m) => m.to === `${fresh}@example.test` && m.subject.includes('Confirm'));
    await server.mail!.deliverDue();
    const toOwner = server.smtp!.mails.filter((m) => m.to.toLowerCase() === owner.email.toLowerCase());
    expect(toOwner.map((m) => m.subject)).toEqual([notice.subject]);
    expect(server.smtp!.mails.filter((m) => m.text.includes('#token=') && m.text.includes(intruder))).toEqual([]);
  });

  it('makes nothing from a link whose address an account took meanwhile, or an expired one, which frees its name', async () => {
    const shared = `${testUsername('shared')}@example.test`;
    const [first, second] = [testUsername('first'), testUsername('second')];
    for (const name of [first, second])
      expect((await server.call('POST', '/api/v1/accounts/', { json: { username: name, email: shared, password } })).status).toBe(202);
    const tokenFor = async (name: string) =>
      linkToken((await server.smtp!.waitFor((m) => m.to === shared && m.text.includes(`Hi ${name},`))).text, '/join');
    const [firstToken, secondToken] = [await tokenFor(first), await tokenFor(second)];
    expect((await server.call('POST', '/api/v1/accounts/confirm/', { json: { token: firstToken } })).status).toBe(201);
    const late = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token: secondToken } });
    expect([late.status, late.body.field]).toEqual([400, 'token']);
    expect(late.headers.getSetCookie()).toEqual([]);
    await noRows(second);

    const lapsed = testUsername('lapsed');
    expect(
      (await server.call('POST', '/api/v1/accounts/', { json: { username: lapsed, email: `${lapsed}@example.test`, password } })).status,
    ).toBe(202);
    const token = linkToken((await server.smtp!.waitFor((m) => m.to === `${lapsed}@example.test`)).text, '/join');
    await server.db
      .updateTable('signup_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('username', '=', lapsed)
      .execute();
    const expired = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token } });
    expect([expired.status, expired.body.field]).toEqual([400, 'token']);
    await noRows(lapsed);
    expect(
      (await server.call('POST', '/api/v1/accounts/', { json: { username: lapsed, email: `${lapsed}@example.test`, password } })).status,
    ).toBe(202);
    const bad = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token: 'not a token' } });
    expect([bad.status, bad.body.field]).toEqual([400, 'token']);
  });

  it('refuses a taken username, naming the field, and input it cannot take', async () => {
    const taken = await server.call('POST', '/api/v1/accounts/', {
      json: { username: username.toUpperCase(), email: 'other@example.test', password },
    });
    expect([taken.status, taken.body.field]).toEqual([409, 'username']);
    const short = await server.call('POST', '/api/v1/accounts/', {
      json: { username: testUsername(), email: 'x@example.test', password: 'short' },
    });
    expect([short.status, short.body.field]).toEqual([400, 'password']);
    const notJson = await server.call('POST', '/api/v1/accounts/', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
  });

  it('logs out, refuses a wrong password, logs in by username or e-mail', async () => {
    const out = await server.call('DELETE', '/api/v1/session/', { cookie: session.cookie, headers: { 'X-CSRFToken': session.csrf } });
    expect(out.status).toBe(200);
    expect((await server.call('GET', '/login/check', { cookie: session.cookie })).body.loggedInStatus).toBe(false);

    const wrong = await server.call('POST', '/api/v1/session/', { json: { login: username, password: 'not the password' } });
    expect([wrong.status, wrong.body.field]).toEqual([401, 'password']);
    const unknown = await server.call('POST', '/api/v1/session/', { json: { login: 'nobody_here', password: 'not the password' } });
    expect([unknown.status, unknown.body.meta.msg]).toEqual([401, wrong.body.meta.msg]);

    const byEmail = await server.call('POST', '/api/v1/session/', { json: { login: email.toUpperCase(), password } });
    expect(byEmail.status).toBe(200);
    session = cookiesFrom(byEmail.headers);
    expect((await server.call('GET', '/login/check', { cookie: session.cookie })).body.user.username).toBe(username);
  });

  it('answers a reset request the same for known and unknown addresses, and mails only the known', async () => {
    // A token made before the reset (by whoever knew the old password) must not outlive it.
    const made = await server.call('POST', '/api/v1/tokens/', {
      cookie: session.cookie,
      headers: { 'X-CSRFToken': session.csrf },
      json: { label: 'before the reset', scope: 'user' },
    });
    expect(made.status, made.text).toBe(201);
    const bearer = { Authorization: `Bearer ${made.body.data.token}` };
    expect((await server.call('GET', '/login/check', { headers: bearer })).body.loggedInStatus).toBe(true);
    const known = await server.call('POST', '/api/v3/password/reset', { json: { email } });
    const unknown = await server.call('POST', '/api/v3/password/reset', { json: { email: 'nobody@example.test' } });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body.data).toEqual({ message: RESET_REQUESTED });
    expect(unknown.body.data).toEqual(known.body.data);
    const mail = await server.smtp!.waitFor((m) => m.to === email && m.subject.includes('Reset'));
    await server.mail!.deliverDue();
    expect(server.smtp!.mails.filter((m) => m.to === 'nobody@example.test')).toEqual([]);

    const token = linkToken(mail.text, '/password');
    expect(token).toBeDefined();
    const weak = await server.call('POST', '/api/v3/password/reset', { json: { token, password: 'short' } });
    expect([weak.status, weak.body.field]).toEqual([400, 'password']);
    const newPassword = 'a brand new passphrase';
    const reset = await server.call('POST', '/api/v3/password/reset', { json: { token, password: newPassword } });
    expect(reset.status).toBe(200);
    // Every session and token ended; the old password is gone; the link was single use.
    expect((await server.call('GET', '/login/check', { cookie: session.cookie })).body.loggedInStatus).toBe(false);
    expect((await server.call('GET', '/login/check', { headers: bearer })).status).toBe(401);
    // The owner is told, tokens included.
    const told = await server.smtp!.waitFor((m) => m.to === email && m.subject.includes('password was changed'));
    expect(told.text).toContain('every personal access token was revoked');
    expect((await server.call('POST', '/api/v1/session/', { json: { login: username, password } })).status).toBe(401);
    expect((await server.call('POST', '/api/v1/session/', { json: { login: username, password: newPassword } })).status).toBe(200);
    const reused = await server.call('POST', '/api/v3/password/reset', { json: { token, password: 'yet another passphrase' } });
    expect([reused.status, reused.body.field]).toEqual([400, 'token']);
  });

  it('expires reset links', async () => {
    const caught = server.smtp!.mails.length;
    await server.call('POST', '/api/v3/password/reset', { json: { email } });
    const mail = await server.smtp!.waitFor(
      (m) => server.smtp!.mails.indexOf(m) >= caught && m.to === email && m.subject.includes('Reset'),
    );
    const token = linkToken(mail.text, '/password');
    await server.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'reset_password')
      .where('used_at', 'is', null)
      .execute();
    const expired = await server.call('POST', '/api/v3/password/reset', { json: { token, password: 'yet another passphrase' } });
    expect([expired.status, expired.body.field]).toEqual([400, 'token']);
  });

  it('erases a delivered message’s body from the outbox and retries a refused one', async () => {
    const sent = await server.db.selectFrom('mail_outbox').select(['body', 'sent_at']).where('to_address', '=', email).execute();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const row of sent.filter((r) => r.sent_at)) expect(row.body).toBeNull();

    server.smtp!.setRefusing(true);
    const other = await server.makeUser('user');
    await server.call('POST', '/api/v3/password/reset', { json: { email: other.email } });
    await server.mail!.deliverDue();
    const refused = await server.db
      .selectFrom('mail_outbox')
      .select(['id', 'attempts', 'sent_at', 'last_error', 'body'])
      .where('to_address', '=', other.email)
      .executeTakeFirstOrThrow();
    expect(refused.sent_at).toBeNull();
    expect(refused.attempts).toBeGreaterThanOrEqual(1);
    expect(refused.last_error).toContain('451');
    expect(refused.body).not.toBeNull();
    server.smtp!.setRefusing(false);
    await server.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).where('id', '=', refused.id).execute();
    await server.mail!.deliverDue();
    await server.smtp!.waitFor((m) => m.to === other.email);
  });
});
