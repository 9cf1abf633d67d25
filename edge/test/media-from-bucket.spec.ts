import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createWorker, type WorkerEnv } from '../src/worker.ts';

interface R2 {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<{ httpEtag: string }>;
}
const bucket = env.MEDIA_BUCKET as R2;
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const ONE_YEAR = 'public, max-age=31536000, immutable';

/** The deployed Worker's bindings: the R2 bucket, the origin stand-in's media door (edge/test/origin-stand-in.ts) as the origin. */
function workerEnv(): WorkerEnv {
  return {
    WEB_API_KEY: 'worker-web-key',
    MOBILE_API_KEY: 'worker-mobile-key',
    UPSTREAM_URL: inject('originUrl'),
    MEDIA_BUCKET: env.MEDIA_BUCKET,
    KEY_RATE_LIMITER: env.KEY_RATE_LIMITER,
    ADDRESS_RATE_LIMITER: env.ADDRESS_RATE_LIMITER,
    MEDIA_RATE_LIMITER: env.MEDIA_RATE_LIMITER,
  };
}

describe('media from the R2 binding, the policy from the origin', () => {
  const handler = createWorker();
  const bindings = workerEnv();
  const etags = new Map<string, string>();
  async function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
    const request = new Request(`https://loopbox.example${path}`, { method, headers: { 'CF-Connecting-IP': '203.0.113.40', ...headers } });
    const ctx = createExecutionContext();
    const response = await handler.fetch(request, bindings, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }
  const originAsks = async (path: string) =>
    Number(await (await fetch(`${inject('originUrl')}/_media_asks?path=${encodeURIComponent(path)}`)).text());

  beforeAll(async () => {
    for (const key of [
      'public-a/200.gif',
      'public-b/200.mp4',
      'public-c/200.gif',
      'public-e/200.gif',
      'own-a/200.gif',
      'gone-a/200.gif',
      'legal-a/200.gif',
      'nosuch-a/200.gif',
    ]) {
      const stored = await bucket.put(key, BYTES, { httpMetadata: { contentType: key.endsWith('.mp4') ? 'video/mp4' : 'image/gif' } });
      etags.set(key, stored.httpEtag);
    }
  });

  it("serves the bucket's bytes with the origin's public cache headers and the bucket's strong ETag, then from the edge cache", async () => {
    const first = await send('/media/public-a/200.gif');
    expect(first.status).toBe(200);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(BYTES);
    expect(first.headers.get('Cache-Control')).toBe(ONE_YEAR);
    expect(first.headers.get('Content-Type')).toBe('image/gif');
    expect(first.headers.get('ETag')).toBe(etags.get('public-a/200.gif'));
    expect(first.headers.get('ETag')).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('Last-Modified')).toBeTruthy();
    expect(first.headers.get('Accept-Ranges')).toBe('bytes');
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const second = await send('/media/public-a/200.gif');
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(BYTES);
    expect(await originAsks('/media/public-a/200.gif')).toBe(1);
  });

  it('answers a byte range with 206 from the bucket', async () => {
    const part = await send('/media/public-b/200.mp4', { Range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe('bytes 10-19/1000');
    expect(part.headers.get('Content-Length')).toBe('10');
    expect(part.headers.get('Content-Type')).toBe('video/mp4');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(BYTES.slice(10, 20));
  });

  it('answers a conditional request with 304 by the bucket’s ETag, and HEAD without a body', async () => {
    const etag = etags.get('public-c/200.gif') as string;
    const unchanged = await send('/media/public-c/200.gif', { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expect(unchanged.headers.get('Cache-Control')).toBe(ONE_YEAR);
    const head = await send('/media/public-c/200.gif', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe('1000');
    expect(await head.text()).toBe('');
  });

  it('refuses as the origin’s content policy says (410, 451, 404), though the bucket holds the bytes', async () => {
    for (const [path, status] of [
      ['/media/gone-a/200.gif', 410],
      ['/media/legal-a/200.gif', 451],
      ['/media/nosuch-a/200.gif', 404],
      ['/media/own-a/200.gif', 404],
    ] as const) {
      const refused = await send(path);
      expect(refused.status, path).toBe(status);
      expect(refused.headers.get('Cache-Control')).toBe('no-store');
      expect(((await refused.json()) as { meta: { status: number } }).meta.status).toBe(status);
    }
  });

  it("serves the owner's own view from the bucket, private and never kept", async () => {
    const own = await send('/media/own-a/200.gif', { Cookie: 'sessionid=owner' });
    expect(own.status).toBe(200);
    expect(own.headers.get('Cache-Control')).toBe('private, no-store');
    expect(own.headers.get('X-Cache')).toBe('BYPASS');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(BYTES);
  });

  it('leaves a file the bucket does not hold to the origin', async () => {
    const fromOrigin = await send('/media/public-d/200.gif');
    expect(fromOrigin.status).toBe(200);
    expect(new TextDecoder().decode(await fromOrigin.arrayBuffer())).toBe('origin bytes');
  });

  it('keeps answering what the edge cache holds when the origin cannot be reached, and says 502 for the rest', async () => {
    await send('/media/public-e/200.gif');
    const cut = { ...bindings, UPSTREAM_URL: inject('closedUrl') };
    const offline = createWorker();
    const ask = async (path: string) => {
      const ctx = createExecutionContext();
      const response = await offline.fetch(
        new Request(`https://loopbox.example${path}`, { headers: { 'CF-Connecting-IP': '203.0.113.41' } }),
        cut,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return response;
    };
    const cached = await ask('/media/public-e/200.gif');
    expect(cached.status).toBe(200);
    expect(cached.headers.get('X-Cache')).toBe('HIT');
    expect((await ask('/media/public-b/200.mp4')).status).toBe(502);
  });
});
