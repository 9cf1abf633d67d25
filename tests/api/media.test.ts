import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange } from '../../apps/server/src/media/serve.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('media serving', () => {
  let server: TestServer;
  let mp4: string;
  let size: number;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const { body } = await server.get('/v1/gifs/trending?limit=1');
    mp4 = body.data[0].images.original.mp4;
    size = Number(body.data[0].images.original.mp4_size);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves whole files with type, length, ETag and a long immutable cache', async () => {
    const res = await fetch(mp4);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Number(res.headers.get('content-length'))).toBe(size);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });

  it('answers byte ranges with 206 and the exact bytes', async () => {
    const whole = Buffer.from(await (await fetch(mp4)).arrayBuffer());
    const part = await fetch(mp4, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
    const tail = await fetch(mp4, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(size - 10))).toBe(true);
    const beyond = await fetch(mp4, { headers: { Range: `bytes=${size + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('revalidates with If-None-Match and answers HEAD without a body', async () => {
    const etag = (await fetch(mp4)).headers.get('etag') as string;
    expect((await fetch(mp4, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await fetch(mp4, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(size);
  });

  it('serves avatars and their rewritten variants', async () => {
    const { body } = await server.get('/v1/gifs/search?q=@studio_sunny&rating=r&limit=1');
    const avatar = body.data[0].user.avatar_url as string;
    expect((await fetch(avatar)).headers.get('content-type')).toBe('image/jpeg');
    for (const variant of ['200h', '80h', '200w']) {
      const res = await fetch(avatar.replace(/\.jpg$/, `/${variant}.jpg`));
      expect(res.status, variant).toBe(200);
    }
  });

  it('never serves outside the media folder or unknown types', async () => {
    for (const path of ['/media/../package.json', '/media/%2e%2e/package.json', '/media/x/..%2f..%2fpackage.json', '/media/images.json', '/media/abc/images.json', '/media/abc/.tmp-giphy.gif', '/media/nope/giphy.gif']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual([0, 9]);
    expect(parseRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(parseRange('bytes=-5', 100)).toEqual([95, 99]);
    expect(parseRange('bytes=50-500', 100)).toEqual([50, 99]);
    expect(parseRange('bytes=100-', 100)).toBeNull();
    expect(parseRange('bytes=9-0', 100)).toBeNull();
    expect(parseRange('bytes=-0', 100)).toBeNull();
    expect(parseRange('bytes=0-1,4-5', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
