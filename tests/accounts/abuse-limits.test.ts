/**
 * Login and reset attempts are limited per account and per address (429 with Retry-After), and the
 * limits answer known and unknown accounts alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '../../apps/server/src/auth/constants.ts';
import { startAccountsServer, testUsername, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const PER_ADDRESS = 9;

describe.each(storeKinds())('abuse limits (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { attemptLimits: { loginFailuresPerAddress: { points: PER_ADDRESS, windowS: 600 } } });
  });
  afterAll(async () => {
    await server?.close();
  });
  const login = (login: string, password: string) => server.call('POST', '/api/v1/session/', { json: { login, password } });

  it('stops password guessing on one account, by any of its names, even with the right password', async () => {
    const password = 'the right passphrase';
    const target = await server.makeUser('user', { password });
    const perAccount = ATTEMPT_LIMITS.loginFailuresPerAccount.points;
    for (let i = 0; i < perAccount; i++) expect((await login(target.username, `guess number ${i}`)).status).toBe(401);
    const blocked = await login(target.username, password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.meta.msg).toMatch(/Too many attempts/);
    // The e-mail names the same account.
    expect((await login(target.email.toUpperCase(), password)).status).toBe(429);
  });

  it('stops one address guessing across many accounts, known or not', async () => {
    const bystander = await server.makeUser('user', { password: 'bystander passphrase' });
    const used = ATTEMPT_LIMITS.loginFailuresPerAccount.points;
    for (let i = used; i < PER_ADDRESS; i++) expect((await login(testUsername('ghost'), 'whatever it is')).status).toBe(401);
    expect((await login(testUsername('ghost'), 'whatever it is')).status).toBe(429);
    expect((await login(bystander.username, 'bystander passphrase')).status).toBe(429);
  });

  it('limits reset mails per address typed, answering known and unknown alike', async () => {
    const known = await server.makeUser('user');
    const unknown = `${testUsername('nobody')}@example.test`;
    const perEmail = ATTEMPT_LIMITS.mailsPerEmail.points;
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < perEmail; i++)
        expect((await server.call('POST', '/api/v3/password/reset', { json: { email } })).status).toBe(200);
    }
    const [k, u] = await Promise.all(
      [known.email, unknown].map((email) => server.call('POST', '/api/v3/password/reset', { json: { email } })),
    );
    expect([k!.status, u!.status]).toEqual([429, 429]);
    expect(k!.body.meta.msg.replace(/\d+ s/, 'N s')).toBe(u!.body.meta.msg.replace(/\d+ s/, 'N s'));
    const queued = await server.db.selectFrom('mail_outbox').select('id').where('to_address', '=', known.email).execute();
    expect(queued).toHaveLength(perEmail);
  });

  it('limits wrong password confirmations on a signed-in account', async () => {
    const user = await server.makeUser('user', { password: 'confirm passphrase' });
    const perAccount = ATTEMPT_LIMITS.confirmFailuresPerAccount.points;
    for (let i = 0; i < perAccount; i++)
      expect(
        (await server.call('GET', `/api/v1/users/${user.userId}/`, { as: user, headers: { 'X-Password': `wrong ${i}` } })).status,
      ).toBe(403);
    expect(
      (await server.call('GET', `/api/v1/users/${user.userId}/`, { as: user, headers: { 'X-Password': 'confirm passphrase' } })).status,
    ).toBe(429);
  });
});
