/**
 * No response, log line, event or stored row carries a password, token or session id in clear. A
 * whole account's life runs through the edge (sign-up, its confirmation, login, a token, a password
 * change, a reset, a sensitive read, logout); then every answer, every log line, the event log and
 * the credential tables are searched for each secret. The only places a secret may appear are the
 * ones made for it: the Set-Cookie header that hands a session its cookie, and the one answer that
 * shows a new personal token.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, testUsername, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('secrets never in clear (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps every secret of an account’s life out of answers, logs, events and stored rows', async () => {
    const secrets: string[] = [];
    const username = testUsername('secret');
    const email = `${username}@example.test`;
    const passwords = ['first secret passphrase', 'second secret passphrase', 'third secret passphrase'] as const;
    secrets.push(...passwords, server.adminToken);
    const cookiesOf = (headers: Headers) => {
      const pairs = headers.getSetCookie().map((c) => c.split(';')[0] as string);
      secrets.push(...pairs.filter((p) => p.startsWith('sessionid=')).map((p) => p.slice('sessionid='.length)));
      return { cookie: pairs.join('; '), csrf: pairs.find((p) => p.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '' };
    };
    const withSession = (s: { cookie: string; csrf: string }) => ({ cookie: s.cookie, headers: { 'X-CSRFToken': s.csrf } });
    const mailed = async (subject: string) => {
      const mail = await server.smtp!.waitFor(
        (m) => m.to === email && m.subject.includes(subject) && !secrets.some((s) => m.text.includes(s)),
      );
      const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      secrets.push(token);
      return token;
    };

    const signup = await server.call('POST', '/api/v1/accounts/', { json: { username, email, password: passwords[0] } });
    expect(signup.status).toBe(202);
    const confirmed = await server.call('POST', '/api/v1/accounts/confirm/', { json: { token: await mailed('Confirm') } });
    expect(confirmed.status).toBe(201);
    let session = cookiesOf(confirmed.headers);
    session = cookiesOf((await server.call('POST', '/api/v1/session/', { json: { login: username, password: passwords[0] } })).headers);
    const wrong = await server.call('POST', '/api/v1/session/', { json: { login: username, password: `${passwords[0]}!` } });
    expect(wrong.status).toBe(401);
    secrets.push(`${passwords[0]}!`);
    session = cookiesOf((await server.call('POST', '/api/v1/session/', { json: { login: username, password: passwords[0] } })).headers);

    const made = await server.call('POST', '/api/v1/tokens/', { ...withSession(session), json: { label: 'script' } });
    const token = made.body.data.token as string;
    secrets.push(token);
    expect((await server.call('GET', '/login/check', { headers: { Authorization: `Bearer ${token}` } })).body.loggedInStatus).toBe(true);
    expect(
      (
        await server.call('POST', '/api/v3/password/change', {
          ...withSession(session),
          json: { current_password: passwords[0], new_password: passwords[1] },
        })
      ).status,
    ).toBe(200);
    const userId = (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    expect(
      (await server.call('GET', `/api/v1/users/${userId}/`, { cookie: session.cookie, headers: { 'X-Password': passwords[1] } })).status,
    ).toBe(200);
    expect((await server.call('POST', '/api/v3/password/reset', { json: { email } })).status).toBe(200);
    expect(
      (await server.call('POST', '/api/v3/password/reset', { json: { token: await mailed('Reset'), password: passwords[2] } })).status,
    ).toBe(200);
    session = cookiesOf((await server.call('POST', '/api/v1/session/', { json: { login: email, password: passwords[2] } })).headers);
    expect((await server.call('DELETE', '/api/v1/session/', withSession(session))).status).toBe(200);
    await server.mail!.deliverDue();

    expect(secrets.length).toBeGreaterThanOrEqual(10);
    // Answers: bodies and headers, less the Set-Cookie that carries a session's own cookie and the token's one showing.
    const tokenShown = server.answers.filter((a) => a.text.includes(token));
    expect(tokenShown).toHaveLength(1);
    expect(tokenShown[0]!.url).toBe('/api/v1/tokens/');
    for (const answer of server.answers) {
      const headers = answer.headers
        .split('\n')
        .filter((h) => !h.startsWith('set-cookie:'))
        .join('\n');
      for (const secret of secrets) {
        if (answer === tokenShown[0] && secret === token) continue;
        expect(`${answer.url}\n${headers}\n${answer.text}`).not.toContain(secret);
      }
    }
    const logs = server.logLines.join('\n');
    expect(server.logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(logs).not.toContain(secret);
    const events = (
      await sql<{ e: string }>`SELECT string_agg(type || ' ' || payload::text, E'\n') AS e FROM events`.execute(server.store.db)
    ).rows[0]!.e;
    for (const secret of secrets) expect(events).not.toContain(secret);
    for (const table of ['users', 'accounts', 'account_tokens', 'signup_requests', 'sessions', 'access_tokens', 'mail_outbox']) {
      const rows = (
        await sql<{ r: string }>`SELECT coalesce(string_agg(t::text, E'\n'), '') AS r FROM ${sql.table(table)} t`.execute(server.store.db)
      ).rows[0]!.r;
      for (const secret of secrets) expect(rows, `${table} holds a secret in clear`).not.toContain(secret);
    }
  });
});
