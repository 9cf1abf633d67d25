import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { createNodeEdge } from '../src/node.ts';
import { startEchoServer, type EchoServer } from './echo-server.ts';
import { edgeSuite, SUITE_LIMITS, type EdgeHarness } from './edge-suite.ts';

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
    const server: ServerType = await new Promise((resolve) => {
      const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
    });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      origin,
      fetch: (path, init) => fetch(`${origin}${path}`, init),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  },
};

edgeSuite(node);
