import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

const directives = async (app: Hono, path: string) => {
  const csp = (await app.request(path)).headers.get('content-security-policy') ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
};

describe('the pages’ content security policy', () => {
  const appWith = (options: Parameters<typeof securityHeaders>[0]) => {
    const app = new Hono();
    app.use(securityHeaders(options));
    app.get('*', (c) => c.html('<p>page</p>'));
    return app;
  };

  it('lets the site and the embed show media from MEDIA_PUBLIC_URL’s origin, and nothing else from it', async () => {
    const app = appWith({ publicUrl: 'https://gifs.example.org', mediaPublicUrl: 'https://cdn.example.net/bucket' });
    for (const path of ['/', '/gifs/abc', '/embed/abc']) {
      const csp = await directives(app, path);
      for (const name of ['img-src', 'media-src'])
        expect([path, name, csp.get(name)]).toEqual([
          path,
          name,
          expect.arrayContaining(["'self'", 'https://gifs.example.org', 'https://cdn.example.net']),
        ]);
      for (const name of ['script-src', 'connect-src'])
        expect([path, name, csp.get(name)]).not.toEqual([path, name, expect.arrayContaining(['https://cdn.example.net'])]);
      expect([path, csp.get('default-src')]).toEqual([path, ["'self'"]]);
    }
  });

  it('names no other origin when media is served here', async () => {
    const csp = await directives(appWith({}), '/');
    expect([csp.get('img-src'), csp.get('connect-src')]).toEqual([["'self'", 'data:', 'blob:'], ["'self'"]]);
  });
});
