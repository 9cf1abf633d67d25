import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { createNodeEdge } from '../src/node.ts';
import { startEchoServer, type EchoServer } from './echo-server.ts';
import { edgeSuite, SUITE_LIMITS, type EdgeHarness } from './edge-suite.ts';
import { serveOnLoopback } from './serve.ts';

let echo: EchoServer;
beforeAll(async () => {
  echo = await startEchoServer();
});
afterAll(async () => {
  await echo.close();
});

/** A GET sent from `localAddress` (any address of 127.0.0.0/8 reaches a server listening on 127.0.0.1). */
function getFrom(localAddress: string, url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { localAddress }, (answer) => {
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
  httpUpstreams: () => ({ echoUrl: echo.url, closedUrl: echo.closedUrl }),
  async start(options) {
    const app = createNodeEdge({ ...options, rateLimitPerKey: SUITE_LIMITS.perKey, rateLimitPerAddress: SUITE_LIMITS.perAddress, rateLimitMediaPerAddress: SUITE_LIMITS.mediaPerAddress });
    const served = await serveOnLoopback(app.fetch);
    return {
      ...served,
      fetch: (path, init) => fetch(`${served.origin}${path}`, init),
      fetchAs: (visitor, path) => getFrom(`127.0.0.${visitor + 1}`, `${served.origin}${path}`),
    };
  },
};

edgeSuite(node);
