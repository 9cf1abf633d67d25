import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server.ts';
import type { ApiKeys } from '../src/middleware/api-key.ts';
import { createNodeEdge } from '../src/node.ts';
import { upstreamsFrom } from '../src/upstreams.ts';
import { serveOnLoopback, type Served } from './serve.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The edge over HTTP in front of the real seeded services (started without their own edge), every service reached by URL. */
describe('the edge in front of the seeded server', () => {
  let server: TestServer;
  const edges: Served[] = [];

  async function startEdge(keys: ApiKeys): Promise<string> {
    const served = await serveOnLoopback(createNodeEdge({ upstreams: upstreamsFrom({ UPSTREAM_URL: server.baseUrl }), keys }).fetch);
    edges.push(served);
    return served.origin;
  }

  beforeAll(async () => {
    server = await startTestServer('pglite', { edge: false });
  });
  afterAll(async () => {
    await Promise.all(edges.map((edge) => edge.close()));
    await server?.close();
  });

  async function firstGifId(edge: string): Promise<string> {
    const { data } = (await (await fetch(`${edge}/v1/gifs/trending?limit=1`)).json()) as { data: { id: string }[] };
    const id = data[0]?.id;
    if (!id) throw new Error('the seeded server has no trending GIF');
    return id;
  }

  it('picks the key by device, and the server accepts it', async () => {
    const webOnly = await startEdge({ web: server.webKey, mobile: 'lb_mobile_not_issued' });
    expect((await fetch(`${webOnly}/v1/gifs/trending?limit=1`)).status).toBe(200);
    expect((await fetch(`${webOnly}/v1/gifs/trending?limit=1`, { headers: { 'User-Agent': IPHONE } })).status).toBe(403);
    const both = await startEdge({ web: server.webKey, mobile: server.mobileKey });
    expect((await fetch(`${both}/v1/gifs/trending?limit=1`, { headers: { 'User-Agent': IPHONE } })).status).toBe(200);
    expect((await fetch(`${both}/v1/gifs/trending?limit=1&api_key=lb_web_not_issued`)).status).toBe(403);
  });

  it('serves GIF lookups and renditions from its cache, with links through the edge', async () => {
    const edge = await startEdge({ web: server.webKey, mobile: server.mobileKey });
    const id = await firstGifId(edge);
    const first = await fetch(`${edge}/v1/gifs/${id}`);
    const second = await fetch(`${edge}/v1/gifs/${id}`);
    expect([first.headers.get('X-Cache'), second.headers.get('X-Cache')]).toEqual(['MISS', 'HIT']);
    const body = (await first.json()) as { data: { images: { fixed_height: { url: string } } } };
    expect(await second.json()).toEqual(body);

    const rendition = body.data.images.fixed_height.url;
    expect(rendition.startsWith(`${edge}/media/${id}/`)).toBe(true);
    const media = [await fetch(rendition), await fetch(rendition)];
    expect(media.map((response) => response.headers.get('X-Cache'))).toEqual(['MISS', 'HIT']);
    expect(media[1]?.headers.get('Content-Type')).toBe(media[0]?.headers.get('Content-Type'));
    expect(Buffer.from(await media[1]!.arrayBuffer()).equals(Buffer.from(await media[0]!.arrayBuffer()))).toBe(true);
  });

  it('answers a kept public read gzipped to clients that accept it, and as it is to others', async () => {
    const edge = await startEdge({ web: server.webKey, mobile: server.mobileKey });
    const url = `${edge}/v1/gifs/trending?limit=10`;
    const plain = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const answer = await plain.json();
    // The gzipped copy is made off the event loop after the first answer is kept: ask until it is there.
    let zipped: Response | undefined;
    for (let i = 0; i < 50 && zipped?.headers.get('Content-Encoding') !== 'gzip'; i++) {
      zipped = await fetch(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      if (zipped.headers.get('Content-Encoding') !== 'gzip') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(zipped!.headers.get('X-Cache')).toBe('HIT');
    expect(zipped!.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped!.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(await zipped!.json()).toEqual(answer); // fetch undoes the gzip
    const again = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    expect(again.headers.get('Content-Encoding')).toBeNull();
    expect(await again.json()).toEqual(answer);
  });

  it('never caches a random pick', async () => {
    const edge = await startEdge({ web: server.webKey, mobile: server.mobileKey });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${edge}/v1/gifs/random`);
      expect(response.status).toBe(200);
      expect(response.headers.get('X-Cache')).toBe('BYPASS');
    }
  });

  it('drops a cached GIF when its call to action changes', async () => {
    const edge = await startEdge({ web: server.webKey, mobile: server.mobileKey });
    const id = await firstGifId(edge);
    await fetch(`${edge}/v1/gifs/${id}`);
    const change = await fetch(`${edge}/v1/gifs/${id}/cta`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${server.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ link: 'https://example.test/shop', text: 'Shop now' }),
    });
    expect(change.status).toBe(200);
    expect(change.headers.get('Loopbox-Purge')).toBeNull();
    const after = await fetch(`${edge}/v1/gifs/${id}`);
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(((await after.json()) as { data: { cta?: unknown } }).data.cta).toEqual({ link: 'https://example.test/shop', text: 'Shop now' });
  });
});
