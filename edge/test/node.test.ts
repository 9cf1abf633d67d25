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

/** The edge as `npm start` runs it: the Node adapter behind @hono/node-server, reached over HTTP on 127.0.0.1. */
const node: EdgeHarness = {
  runtime: 'Node',
  limits: SUITE_LIMITS,
  httpUpstreams: () => ({ echoUrl: echo.url, closedUrl: echo.closedUrl }),
  async start(options) {
    const app = createNodeEdge({ ...options, rateLimitPerKey: SUITE_LIMITS.perKey, rateLimitPerAddress: SUITE_LIMITS.perAddress });
    const served = await serveOnLoopback(app.fetch);
    return { ...served, fetch: (path, init) => fetch(`${served.origin}${path}`, init) };
  },
};

edgeSuite(node);
