/**
 * The browser protections on every kind of answer, through the edge as a visitor gets them (README,
 * "Security headers"): the site's pages and dashboards (a CSP whose nonce is on every inline script,
 * never framed), the embed (framed by anyone, its own CSP), API and error JSON, media (sandboxed,
 * still shown by other sites), oEmbed, the stories, scheduler and imaging services, the edge's own
 * refusals; nosniff, a Referrer-Policy and a Permissions-Policy on all of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessionCookies } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

type Kind = 'page' | 'embed' | 'media' | 'data';

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let server: TestServer;
  let gifId: string;
  let mediaPath: string;
  let asStaff: RequestInit;

  beforeAll(async () => {
    server = await startTestServer('pglite', { web: true });
    const gif = (await server.get('/v1/gifs/trending?limit=1')).body.data[0];
    gifId = gif.id;
    mediaPath = new URL(gif.images.original.url).pathname;
    const cookies = await staffSessionCookies(server.store.db, server.baseUrl);
    asStaff = { headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } };
  });
  afterAll(() => server?.close());

  const call = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  /** What every answer carries, and what its kind adds. */
  function expectKind(label: string, headers: Headers, kind: Kind) {
    expect([label, headers.get('x-content-type-options')]).toEqual([label, 'nosniff']);
    expect([label, headers.get('referrer-policy')]).toEqual([label, 'strict-origin-when-cross-origin']);
    expect([label, headers.get('permissions-policy')]).toEqual([
      label,
      expect.stringContaining('camera=(), microphone=(), geolocation=()'),
    ]);
    expect([label, headers.get('cross-origin-resource-policy')]).toEqual([label, null]);
    const csp = directives(headers.get('content-security-policy'));
    const framedByAnyone = kind === 'embed' || kind === 'media';
    expect([label, csp.get('frame-ancestors'), headers.get('x-frame-options')]).toEqual(
      framedByAnyone ? [label, undefined, null] : [label, ["'none'"], 'DENY'],
    );
    if (kind === 'data') expect([label, csp.get('default-src')]).toEqual([label, ["'none'"]]);
    if (kind === 'media') expect([label, csp.get('default-src'), csp.get('sandbox')]).toEqual([label, ["'none'"], []]);
    if (kind === 'page' || kind === 'embed') {
      expect([label, csp.get('default-src'), csp.get('object-src'), csp.get('base-uri'), csp.get('form-action')]).toEqual([
        label,
        ["'self'"],
        ["'none'"],
        ["'self'"],
        ["'self'"],
      ]);
      expect([label, csp.get('script-src')?.slice(0, 2)]).toEqual([
        label,
        ["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/)],
      ]);
    }
    return csp;
  }

  /** Every inline script of the HTML carries the CSP's nonce; scripts with a src come from this origin. */
  function expectScriptsAllowed(label: string, html: string, csp: Map<string, string[]>) {
    const nonce = csp.get('script-src')![1]!.slice("'nonce-".length, -1);
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect([label, scripts.length]).not.toEqual([label, 0]);
    for (const attributes of scripts) {
      if (/\bsrc="/.test(attributes)) expect([label, attributes]).toEqual([label, expect.stringMatching(/src="\/[^/]/)]);
      else if (!/type="application\/json"/.test(attributes))
        expect([label, attributes]).toEqual([label, expect.stringContaining(`nonce="${nonce}"`)]);
    }
  }

  it('gives the site and its dashboards a nonce CSP and never lets them be framed', async () => {
    for (const [path, init] of [
      ['/', undefined],
      [`/gifs/${gifId}`, undefined],
      ['/search/cat', undefined],
      ['/nope/x', undefined],
      ['/dashboard', 'staff'],
      ['/upload', 'staff'],
      ['/widgets', undefined],
      ['/labs/pipeline', undefined],
    ] as const) {
      const res = await call(path, init && asStaff);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        path === '/nope/x' ? 404 : 200,
        'text/html; charset=UTF-8',
      ]);
      const csp = expectKind(path, res.headers, 'page');
      expect([path, csp.get('connect-src'), csp.get('worker-src')]).toEqual([path, ["'self'"], ["'self'", 'blob:']]);
      expectScriptsAllowed(path, res.body, csp);
    }
    // The redirect to sign in is a page answer too.
    expectKind('/dashboard (anonymous)', (await call('/dashboard')).headers, 'page');
  });

  it("gives issue 31's pages the page policy, and the favicon, app icons and manifest a day's cache with it", async () => {
    for (const path of ['/about', '/apps', '/studios', '/search']) {
      const res = await call(path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=UTF-8']);
      expectScriptsAllowed(path, res.body, expectKind(path, res.headers, 'page'));
    }
    for (const path of ['/gifs', '/explore']) expectKind(`${path} (redirect)`, (await call(path)).headers, 'page');
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/static/favicon.svg', 'image/svg+xml'],
      ['/static/apple-touch-icon.png', 'image/png'],
      ['/static/icon-192.png', 'image/png'],
      ['/static/icon-512.png', 'image/png'],
      ['/static/site.webmanifest', 'application/manifest+json'],
    ] as const) {
      const res = await call(path);
      expect([path, res.status, res.headers.get('content-type'), res.headers.get('cache-control')]).toEqual([
        path,
        200,
        type,
        'public, max-age=86400',
      ]);
      expectKind(path, res.headers, 'page');
    }
  });

  it('gives each page load its own nonce', async () => {
    const nonces = await Promise.all(
      [call('/'), call('/')].map(async (p) => directives((await p).headers.get('content-security-policy')).get('script-src')![1]),
    );
    expect(nonces[0]).not.toEqual(nonces[1]);
  });

  it('lets anyone frame the embed, with a CSP of its own that allows its video players', async () => {
    const res = await call(`/embed/${gifId}`);
    expect(res.status).toBe(200);
    const csp = expectKind('embed', res.headers, 'embed');
    expect(csp.get('frame-src')).toEqual(["'self'", 'https://www.youtube.com', 'https://player.vimeo.com']);
    expectScriptsAllowed('embed', res.body, csp);
    // The loader the build inlines and the config both carry the nonce.
    expect(res.body.match(/<script nonce="/g)?.length).toBe(2);
    expectKind('embed of an unknown GIF', (await call('/embed/Zz9NoSuchGif')).headers, 'embed');
  });

  it('sandboxes media yet leaves it for any site to show', async () => {
    const res = await call(mediaPath);
    expect(res.status).toBe(200);
    expectKind('media', res.headers, 'media');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expectKind('missing media', (await call('/media/Zz9NoSuchGif/giphy.gif')).headers, 'media');
  });

  it('gives API answers, errors and oEmbed a CSP that loads nothing and is never framed', async () => {
    const gifPage = `${server.baseUrl}/gifs/${gifId}`;
    for (const path of [
      `/v1/gifs/${gifId}?api_key=${server.webKey}`,
      '/v1/gifs/trending',
      `/v1/gifs/nope?api_key=${server.webKey}`,
      '/tenor/v2/search?q=cat',
      '/api/nope',
      '/api/v4/channels/',
      `/oembed?url=${encodeURIComponent(gifPage)}`,
      '/openapi.json',
      '/healthz',
    ]) {
      const res = await call(path);
      expectKind(path, res.headers, 'data');
    }
  });

  it('covers the stories, scheduler and imaging services and the edge’s own refusals', async () => {
    for (const path of ['/api/v1/stories/trending', '/api/v1/stories/nope', '/schedule', '/activity', '/imaging/nope']) {
      expectKind(path, (await call(path)).headers, 'data');
    }
    // A cookie-signed change without the CSRF header: refused by the edge itself, as data.
    const refused = await call('/api/v1/favorites/x/', { method: 'PUT', headers: { Cookie: 'sessionid=x' } });
    expect([refused.status, refused.headers.get('x-content-type-options'), refused.headers.get('content-security-policy')]).toEqual([
      403,
      'nosniff',
      "default-src 'none'; frame-ancestors 'none'",
    ]);
  });
});
