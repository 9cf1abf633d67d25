/**
 * HTTP status and `meta.status` agree: an answer sent as 201 or 202 says so in its envelope, keeping
 * its headers (a sign-in's cookies too), while errors and 200s pass untouched. Through the real
 * backend: a sign-up (202) and a personal access token (201). The role × route matrix checks every
 * success it produces (tests/accounts/matrix.test.ts).
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, metaStatusAgrees, newResponseId } from '../../apps/server/src/http/envelope.ts';
import { startAccountsServer, testUsername, type AccountsServer } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe('metaStatusAgrees', () => {
  const app = new Hono();
  app.use(metaStatusAgrees());
  app.post('/made', (c) => {
    c.header('Set-Cookie', 'a=1; Path=/', { append: true });
    c.header('Set-Cookie', 'b=2; Path=/', { append: true });
    return c.json(envelope({ id: 'x' }, newResponseId()), 201, { 'X-Kept': 'yes' });
  });
  app.post('/queued', (c) => c.json(envelope({ job: 1 }, newResponseId()), 202));
  app.get('/plain', (c) => c.json({ ok: true }, 201));
  app.get('/ok', (c) => c.json(envelope([], newResponseId())));

  it('writes 201 and 202 into meta.status and keeps every header', async () => {
    const made = await app.request('/made', { method: 'POST' });
    expect(made.status).toBe(201);
    expect((await made.json()).meta.status).toBe(201);
    expect(made.headers.get('X-Kept')).toBe('yes');
    expect(made.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const queued = await app.request('/queued', { method: 'POST' });
    expect([queued.status, (await queued.json()).meta.status]).toEqual([202, 202]);
  });

  it('leaves answers without an envelope and 200s as they are', async () => {
    expect(await (await app.request('/plain')).json()).toEqual({ ok: true });
    expect((await (await app.request('/ok')).json()).meta.status).toBe(200);
  });
});

describe.each(storeKinds())('meta.status through the backend (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
  });
  afterAll(() => server?.close());

  it('a sign-up (202) and a new token (201) say their status in meta', async () => {
    const name = testUsername('meta');
    const signup = await server.call('POST', '/api/v1/accounts/', {
      json: { username: name, email: `${name}@example.test`, password: 'a long enough password' },
    });
    expect([signup.status, signup.body.meta.status]).toEqual([202, 202]);
    const user = await server.makeUser('user');
    const token = await server.call('POST', '/api/v1/tokens/', { as: user, json: { label: 'meta' } });
    expect([token.status, token.body.meta.status]).toEqual([201, 201]);
  });
});
