import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFile } from '../../apps/server/src/media/serve.ts';
import { createNodeEdge } from '../../edge/src/node.ts';
import { upstreamsFrom } from '../../edge/src/upstreams.ts';
import { serveOnLoopback, type Served } from '../../edge/test/serve.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** A request written byte for byte on a socket, so no URL parser on this side can normalise its target. */
function rawGet(origin: string, target: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`, 'latin1');
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

describe('media serving', () => {
  let server: TestServer;
  let edge: Served;
  let mp4: string;
  let size: number;
  let whole: Buffer;
  let etag: string;
  let lastModified: string;
  /** The same file through the edge (as npm start serves it), and a fresh query so the edge cache starts empty for it. */
  const viaEdge = (url: string) => `${edge.origin}${new URL(url).pathname}`;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    edge = await serveOnLoopback(
      createNodeEdge({ upstreams: upstreamsFrom({ UPSTREAM_URL: server.baseUrl }), keys: { web: server.webKey, mobile: server.mobileKey } })
        .fetch,
    );
    const { body } = await server.get('/v1/gifs/trending?limit=1');
    mp4 = body.data[0].images.original.mp4;
    size = Number(body.data[0].images.original.mp4_size);
    const res = await fetch(mp4);
    whole = Buffer.from(await res.arrayBuffer());
    etag = res.headers.get('etag') as string;
    lastModified = res.headers.get('last-modified') as string;
  });
  afterAll(async () => {
    await edge?.close();
    await server?.close();
  });

  it('serves whole files with type, length, ETag, Last-Modified and a long immutable cache', async () => {
    const res = await fetch(mp4);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Number(res.headers.get('content-length'))).toBe(size);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    expect(whole.byteLength).toBe(size);
  });

  it('answers byte ranges with 206 and the exact bytes, and 416 only when nothing is satisfiable', async () => {
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

  it('answers a multi-range request with the whole file (200), or one 206 when the ranges merge', async () => {
    const multi = await fetch(mp4, { headers: { Range: 'bytes=0-9,100-109' } });
    expect(multi.status).toBe(200);
    expect(multi.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await multi.arrayBuffer()).equals(whole)).toBe(true);
    const adjacent = await fetch(mp4, { headers: { Range: 'bytes=0-9,10-19' } });
    expect(adjacent.status).toBe(206);
    expect(Buffer.from(await adjacent.arrayBuffer()).equals(whole.subarray(0, 20))).toBe(true);
    const malformed = await fetch(mp4, { headers: { Range: 'items=0-9' } });
    expect(malformed.status).toBe(200);
  });

  it('honours If-Range: a changed validator gives the whole file, the current one the range', async () => {
    const stale = await fetch(mp4, { headers: { Range: 'bytes=0-9', 'If-Range': '"0-0"' } });
    expect(stale.status).toBe(200);
    expect(Buffer.from(await stale.arrayBuffer()).equals(whole)).toBe(true);
    expect((await fetch(mp4, { headers: { Range: 'bytes=0-9', 'If-Range': etag } })).status).toBe(206);
    expect((await fetch(mp4, { headers: { Range: 'bytes=0-9', 'If-Range': lastModified } })).status).toBe(206);
  });

  it('revalidates with If-None-Match and If-Modified-Since, and answers HEAD without a body', async () => {
    const revalidated = await fetch(mp4, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect((await fetch(mp4, { headers: { 'If-None-Match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await fetch(mp4, { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304);
    expect((await fetch(mp4, { headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })).status).toBe(200);
    const head = await fetch(mp4, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(size);
  });

  it('serves avatars and their rewritten variants with the same validators and ranges', async () => {
    const { body } = await server.get('/v1/gifs/search?q=@studio_sunny&rating=r&limit=1');
    const avatar = body.data[0].user.avatar_url as string;
    const first = await fetch(avatar);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    for (const variant of ['200h', '80h', '200w']) {
      const res = await fetch(avatar.replace(/\.jpg$/, `/${variant}.jpg`));
      expect(res.status, variant).toBe(200);
    }
    expect((await fetch(avatar, { headers: { 'If-None-Match': first.headers.get('etag') as string } })).status).toBe(304);
    expect((await fetch(avatar, { headers: { Range: 'bytes=0-1,5-6' } })).status).toBe(200);
    const part = await fetch(avatar, { headers: { Range: 'bytes=0-1' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8])); // JPEG's start of image
  });

  describe('through the edge cache', () => {
    it('answers a matching If-None-Match or If-Modified-Since with 304 on a cache hit', async () => {
      const url = viaEdge(mp4);
      expect((await fetch(url)).headers.get('x-cache')).toBe('MISS');
      const revalidated = await fetch(url, { headers: { 'If-None-Match': etag } });
      expect(revalidated.headers.get('x-cache')).toBe('HIT');
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(await revalidated.text()).toBe('');
      const since = await fetch(url, { headers: { 'If-Modified-Since': lastModified } });
      expect([since.status, since.headers.get('x-cache')]).toEqual([304, 'HIT']);
      const changed = await fetch(url, { headers: { 'If-None-Match': '"other"' } });
      expect([changed.status, changed.headers.get('x-cache')]).toEqual([200, 'HIT']);
    });

    it('answers ranges from a cache hit as the server does: one range 206, several 200, If-Range mismatch 200', async () => {
      const url = viaEdge(mp4);
      await fetch(url);
      const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      expect([part.status, part.headers.get('x-cache'), part.headers.get('content-range')]).toEqual([206, 'HIT', `bytes 100-199/${size}`]);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);
      const multi = await fetch(url, { headers: { Range: 'bytes=0-9,100-109' } });
      expect([multi.status, multi.headers.get('x-cache')]).toEqual([200, 'HIT']);
      expect(Buffer.from(await multi.arrayBuffer()).equals(whole)).toBe(true);
      const stale = await fetch(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"0-0"' } });
      expect([stale.status, stale.headers.get('x-cache')]).toEqual([200, 'HIT']);
      const beyond = await fetch(url, { headers: { Range: `bytes=${size}-` } });
      expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, `bytes */${size}`]);
    });

    it('passes a multi-range request on a miss to the server, which answers 200 with the whole file', async () => {
      const { body } = await server.get('/v1/gifs/trending?limit=2');
      const other = viaEdge(body.data[1].images.original.webp);
      const res = await fetch(other, { headers: { Range: 'bytes=0-9,100-109' } });
      expect([res.status, res.headers.get('x-cache')]).toEqual([200, 'MISS']);
    });
  });

  it('never serves outside the media folder, whatever bytes the request line carries', async () => {
    // A file beside the media folder: reachable only by climbing out of it.
    const canary = `loopbox-canary-${randomUUID()}`;
    const canaryFile = path.join(path.dirname(server.mediaDir), 'traversal-canary.gif');
    fs.writeFileSync(canaryFile, canary);
    try {
      const targets = [
        '/media/../traversal-canary.gif',
        '/media/x/../../traversal-canary.gif',
        '/media/%2e%2e/traversal-canary.gif',
        '/media/x/%2e%2e/%2E%2E/traversal-canary.gif',
        '/media/x/..%2f..%2ftraversal-canary.gif',
        '/media/x%2f..%2f..%2ftraversal-canary.gif',
        '/media/x/%2e%2e%2f%2e%2e%2ftraversal-canary.gif',
        '/media/..%5ctraversal-canary.gif',
        '/media/..\\traversal-canary.gif',
        '/media//../traversal-canary.gif',
        '/media/./../traversal-canary.gif',
        '/media/images.json',
        '/media/abc/.tmp-giphy.gif',
      ];
      for (const origin of [server.baseUrl, edge.origin]) {
        // The socket client works: a real file comes back whole.
        const real = await rawGet(origin, new URL(mp4).pathname);
        expect(real.status).toBe(200);
        for (const target of [...targets, `http://${new URL(origin).host}/media/../traversal-canary.gif`]) {
          const res = await rawGet(origin, target);
          expect([400, 404], `${origin} ${target}`).toContain(res.status);
          expect(res.text, `${origin} ${target}`).not.toContain(canary);
        }
      }
    } finally {
      fs.rmSync(canaryFile, { force: true });
    }
  });

  it('resolves only safe media paths inside the root (the guard itself, given raw dot segments)', () => {
    const root = path.resolve('/srv/media');
    expect(mediaFile(root, 'abc/giphy.gif')).toEqual({ path: path.join(root, 'abc/giphy.gif'), type: 'image/gif' });
    expect(mediaFile(root, 'avatars/sunny/avatar/200h.jpg')?.type).toBe('image/jpeg');
    for (const bad of [
      '../x.gif',
      'abc/../../x.gif',
      'abc/../x.gif',
      './abc/x.gif',
      'abc/..%2fx.gif',
      'abc\\..\\x.gif',
      'abc/.tmp-giphy.gif',
      'abc/images.json',
      'abc/x.exe',
      '/etc/x.gif',
      'abc//x.gif',
    ]) {
      expect(mediaFile(root, bad), bad).toBeNull();
    }
  });
});
