/**
 * The dashboard and staff pages as each caller meets them in a browser: visitors go to the login page,
 * a signed-in caller the page is not for gets the site's 403 page (never a JSON body), the others the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer } from '../support/accounts.ts';

describe('site pages behind a permission', () => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer('pglite', { web: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a signed-in user without the permission the site’s 403 page, and lets permitted roles in', async () => {
    const user = await server.makeUser('user');
    for (const path of ['/dashboard/stories', '/dashboard/outbox']) {
      const refused = await server.call('GET', path, { as: user });
      expect([path, refused.status, refused.headers.get('content-type')]).toEqual([path, 403, 'text/html; charset=UTF-8']);
      expect(refused.text).toContain('"pageStatus":403');
      expect(refused.text).toContain('<meta name="robots" content="noindex">');
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
    }
    const creator = await server.makeUser('creator');
    expect((await server.call('GET', '/dashboard/analytics', { as: user })).status).toBe(200);
    expect((await server.call('GET', '/dashboard/stories', { as: creator })).status).toBe(200);
    expect((await server.call('GET', '/dashboard/outbox', { as: creator })).status).toBe(403);
    const staff = await server.makeUser('staff');
    expect((await server.call('GET', '/dashboard/outbox', { as: staff })).status).toBe(200);
    const visitor = await server.call('GET', '/dashboard/analytics');
    expect([visitor.status, visitor.headers.get('location')]).toEqual([302, '/login?next=%2Fdashboard%2Fanalytics']);
  });
});
