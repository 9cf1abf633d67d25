/**
 * Mailed links point at the configured origin (here no PUBLIC_URL: the address the server listens on),
 * whatever Host or X-Forwarded-Host a request claims; someone's own words (a GIF's title) stay out of
 * the subject and are escaped in the HTML part. Mail goes to a real SMTP server in this process.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../apps/server/src/auth/constants.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

const HOSTILE = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Origin: 'https://evil.example' };
const HOSTILE_TITLE = 'Your account is locked - verify at https://evil.example/login <script>alert(1)</script>';

/** A POST with headers fetch would not send (its own Host), as a hostile client sends them. */
function rawPost(baseUrl: string, path: string, json: unknown, headers: Record<string, string>): Promise<number> {
  const url = new URL(path, baseUrl);
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const sessionHeaders = (user: TestUser) => ({
  Cookie: `${SESSION_COOKIE}=${user.sessionSecret}; ${CSRF_COOKIE}=${user.csrfToken}`,
  [CSRF_HEADER]: user.csrfToken,
});

describe.each(storeKinds())('mailed links and words (%s)', (kind) => {
  let server: AccountsServer;
  beforeAll(async () => {
    server = await startAccountsServer(kind, { smtp: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a reset asked with a forged Host mails a link to the server's own origin", async () => {
    const user = await server.makeUser('user');
    expect(await rawPost(server.baseUrl, '/api/v3/password/reset', { email: user.email }, HOSTILE)).toBe(200);
    const mail = await server.smtp!.waitFor((m) => m.to === user.email && m.subject.includes('Reset'));
    expect(mail.text).toContain(`${server.baseUrl}/password#token=`);
    expect(mail.text + mail.html).not.toContain('evil.example');
    expect(mail.html).toContain(`<a href="${server.baseUrl}/password#token=`);
  });

  it("a shared GIF's mail links to the own origin and keeps its title out of the subject, escaped in the HTML part", async () => {
    const sender = await server.makeUser('user');
    const gif = (await server.call('GET', '/v1/gifs/trending?limit=1')).body.data[0] as { id: string; slug: string };
    await server.store.db.updateTable('gifs').set({ title: HOSTILE_TITLE }).where('id', '=', gif.id).execute();
    const to = `friend_${sender.username}@example.test`;
    expect(await rawPost(server.baseUrl, '/ajax/instashare/', { gif_id: gif.id, to }, { ...HOSTILE, ...sessionHeaders(sender) })).toBe(200);
    const mail = await server.smtp!.waitFor((m) => m.to === to);
    expect(mail.subject).toBe('A GIF was shared with you on Loopbox');
    expect(mail.text).toContain(`${server.baseUrl}/gifs/`);
    expect(mail.text).toContain(`Its title, as its uploader wrote it: "${HOSTILE_TITLE}"`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The title's URL is words in a sentence, never a link of ours.
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).toContain(`<a href="${server.baseUrl}/gifs/`);
  });
});
