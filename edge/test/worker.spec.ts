import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, inject, it } from 'vitest';
import worker, { createWorker, workerConfig, type WorkerEnv } from '../src/worker.ts';
import type { Echo } from './echo-server.ts';

/** A stand-in for a service binding: a Fetcher answering with the binding's name and the URL it got. */
function fakeBinding(name: string) {
  const app = new Hono();
  app.all('*', (c) => c.json({ binding: name, url: c.req.url }, 200, { 'Cache-Control': 'public, max-age=60' }));
  return { fetch: (request: Request) => app.fetch(request) };
}

function workerEnv(): WorkerEnv {
  return {
    WEB_API_KEY: 'worker-web-key',
    MOBILE_API_KEY: 'worker-mobile-key',
    PUBLIC_API: fakeBinding('PUBLIC_API'),
    ASSETS: fakeBinding('ASSETS'),
    UPSTREAM_URL: inject('echoUrl'),
    SITE_ORIGINS: 'https://site.example, https://admin.example',
    KEY_RATE_LIMITER: env.KEY_RATE_LIMITER,
    ADDRESS_RATE_LIMITER: env.ADDRESS_RATE_LIMITER,
    MEDIA_RATE_LIMITER: env.MEDIA_RATE_LIMITER,
  };
}

describe('the Workers entry', () => {
  const handler = createWorker();
  const bindings = workerEnv();
  async function send(path: string, init?: RequestInit): Promise<Response> {
    const request = new Request(`https://loopbox.example${path}`, init);
    request.headers.set('CF-Connecting-IP', '203.0.113.9');
    const ctx = createExecutionContext();
    const response = await handler.fetch(request, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it('is the module default export', () => {
    expect(typeof worker.fetch).toBe('function');
  });

  it('reaches service bindings and the ASSETS binding, adding the key by device', async () => {
    const api = await send('/v1/gifs/trending', { headers: { 'User-Agent': 'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X)' } });
    expect(await api.json()).toEqual({ binding: 'PUBLIC_API', url: 'https://loopbox.example/v1/gifs/trending?api_key=worker-mobile-key' });
    expect(await (await send('/embed/abc')).json()).toMatchObject({ binding: 'ASSETS' });
  });

  it('reaches every other service at UPSTREAM_URL, with the client address from CF-Connecting-IP', async () => {
    const echo = (await (await send('/ajax/gifs/trending?gif_ids=a')).json()) as Echo;
    expect(echo).toMatchObject({ path: '/ajax/gifs/trending', query: { gif_ids: 'a' } });
    expect(echo.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(echo.headers).not.toHaveProperty('cf-connecting-ip');
  });

  it('caches in the Cache API and answers CORS for the configured site origins', async () => {
    await send('/v1/gifs/search?q=worker');
    expect((await send('/v1/gifs/search?q=worker')).headers.get('X-Cache')).toBe('HIT');
    const preflight = await send('/api/v1/stories', {
      method: 'OPTIONS',
      headers: { Origin: 'https://admin.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('https://admin.example');
  });

  it('says which setting is missing', () => {
    expect(() => workerConfig({ ...bindings, MOBILE_API_KEY: undefined })).toThrow(/MOBILE_API_KEY/);
    expect(() => workerConfig({ WEB_API_KEY: 'w', MOBILE_API_KEY: 'm' })).toThrow(/No upstream for publicApi/);
    expect(() => workerConfig({ ...bindings, UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(/UPSTREAM_TIMEOUT_MS/);
  });
});
