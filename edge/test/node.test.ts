import http from 'node:http';
import { createGunzip, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEdge } from '../src/node.ts';
import { bindingUpstream } from '../src/upstreams.ts';
import { startEchoServer, type EchoServer } from './echo-server.ts';
import { edgeSuite, KEYS, SUITE_LIMITS, type EdgeHarness } from './edge-suite.ts';
import { fakeServices } from './fakes.ts';
import { serveOnLoopback } from './serve.ts';

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(async () => {
  await echo.close();
});

/** A GET sent from `localAddress` (any address of 127.0.0.0/8 reaches a server listening on 127.0.0.1), its body as sent. */
function getFrom(localAddress: string, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
        resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 0, headers }));
      });
    });
    request.on('error', reject);
  });
}

/** The edge as `npm start` runs it: the Node adapter behind @hono/node-server, reached over HTTP on 127.0.0.1. */
const node: EdgeHarness = {
  runtime: 'Node',
  limits: SUITE_LIMITS,
  // Each key's window starts at its first request, and a test's run is far shorter than one.
  windowWithRoom: async () => {},
  httpUpstreams: () => ({ echoUrl: echo.url, closedUrl: echo.closedUrl }),
  async start(options) {
    const app = createNodeEdge({
      ...options,
      rateLimitPerKey: SUITE_LIMITS.perKey,
      rateLimitPerAddress: SUITE_LIMITS.perAddress,
      rateLimitMediaPerAddress: SUITE_LIMITS.mediaPerAddress,
    });
    const served = await serveOnLoopback(app.fetch);
    return {
      ...served,
      fetch: (path, init) => fetch(`${served.origin}${path}`, init),
      fetchAs: (visitor, path) => getFrom(`127.0.0.${visitor + 1}`, `${served.origin}${path}`),
    };
  },
};

edgeSuite(node);

describe('the edge on Node compresses pages', () => {
  /** The Node edge in front of `site` for the site's pages (and the public API, with `api`), on loopback. */
  const edgeBefore = (site: Hono, { api = false } = {}) => {
    const upstream = bindingUpstream(site);
    const edge = createNodeEdge({
      upstreams: { ...fakeServices().upstreams, assets: upstream, ...(api ? { publicApi: upstream } : {}) },
      keys: KEYS,
      logger: { info: () => {}, error: () => {} },
    });
    return serveOnLoopback(edge.fetch);
  };
  const page = `<!doctype html><title>t</title>${'<a href="/gifs/x">a GIF</a>'.repeat(400)}`;
  const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `gif${i}` })) });

  it('gzips HTML for a browser that accepts it, and leaves JSON and other clients alone', async () => {
    const site = new Hono();
    site.get('/page', (c) => c.html(page, 200, { 'Cache-Control': 'no-cache' }));
    site.get('/v1/gifs', (c) => c.body(json, 200, { 'Content-Type': 'application/json' }));
    const served = await edgeBefore(site, { api: true });
    try {
      const zipped = await getFrom('127.0.0.1', `${served.origin}/page`, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
      const bytes = Buffer.from(await zipped.arrayBuffer());
      expect(bytes.length).toBeLessThan(page.length / 10);
      expect(gunzipSync(bytes).toString()).toBe(page);

      const plain = await getFrom('127.0.0.1', `${served.origin}/page`);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(page);

      const api = await getFrom('127.0.0.1', `${served.origin}/v1/gifs?ids=a&random_id=r1`, { 'Accept-Encoding': 'gzip' });
      expect(api.headers.get('content-encoding')).toBeNull();
      expect(await api.text()).toBe(json);
    } finally {
      await served.close();
    }
  });

  it('sends one bytes object as a part of many pages, each page whole after its own parts', async () => {
    // A kept first screen's data: the same object in every page, whose deflated copy the edge keeps.
    const kept = new TextEncoder().encode(`<script type="application/json">${json}</script>`);
    const site = new Hono();
    site.get('/page/:n', (c) => {
      const parts = [`<!doctype html><title>page ${c.req.param('n')}</title>`, kept, '<p>loader</p>'];
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of parts) controller.enqueue(typeof part === 'string' ? new TextEncoder().encode(part) : part);
          controller.close();
        },
      });
      return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    });
    const served = await edgeBefore(site);
    try {
      for (const n of [1, 22, 333]) {
        const zipped = await getFrom('127.0.0.1', `${served.origin}/page/${n}`, { 'Accept-Encoding': 'gzip' });
        expect(zipped.headers.get('content-encoding')).toBe('gzip');
        expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(
          `<!doctype html><title>page ${n}</title><script type="application/json">${json}</script><p>loader</p>`,
        );
      }
    } finally {
      await served.close();
    }
  });

  it('passes on each part of a page sent in parts as it comes, gzipped', async () => {
    const head = `<!doctype html><head><style>${'.a{color:red}'.repeat(300)}</style></head>`;
    const rest = '<body>the first screen</body>';
    let sendRest = () => {};
    const restAsked = new Promise<void>((resolve) => (sendRest = resolve));
    const site = new Hono();
    site.get('/page', (c) => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
          await restAsked;
          controller.enqueue(new TextEncoder().encode(rest));
          controller.close();
        },
      });
      return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    });
    const served = await edgeBefore(site);
    try {
      // The rest is sent only once the head has arrived: an edge holding the page back would never see it.
      const text = await new Promise<string>((resolve, reject) => {
        http.get(`${served.origin}/page`, { headers: { 'Accept-Encoding': 'gzip' } }, (answer) => {
          expect(answer.headers['content-encoding']).toBe('gzip');
          let received = '';
          const gunzip = answer.pipe(createGunzip());
          gunzip.on('data', (chunk: Buffer) => {
            received += chunk.toString();
            if (received === head) sendRest();
          });
          gunzip.on('end', () => resolve(received));
          gunzip.on('error', reject);
        });
      });
      expect(text).toBe(head + rest);
    } finally {
      await served.close();
    }
  });
});
