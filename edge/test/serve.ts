import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

export interface Served {
  origin: string;
  close(): Promise<void>;
}

/** Serves a fetch handler over HTTP on a free port of 127.0.0.1, as `npm start` serves the edge. */
export async function serveOnLoopback(fetch: (request: Request) => Response | Promise<Response>): Promise<Served> {
  const server: ServerType = await new Promise((resolve) => {
    const listening = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
