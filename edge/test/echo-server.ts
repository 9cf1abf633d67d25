import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the echo server saw of a request; it answers with this as JSON. */
export interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

export interface EchoServer {
  /** Echoes every request; a path containing /slow is never answered. */
  url: string;
  /** A port on 127.0.0.1 that nothing listens on. */
  closedUrl: string;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/** A real HTTP upstream on 127.0.0.1 for the edge's URL upstreams (started on Node, also for the workerd run). */
export async function startEchoServer(): Promise<EchoServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://echo');
      if (url.pathname.includes('/slow')) return; // never answers
      const echo: Echo = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString(),
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(echo));
    });
  });
  const url = await listen(server);
  const unused = createServer();
  const closedUrl = await listen(unused);
  await new Promise((resolve) => unused.close(resolve));
  return {
    url,
    closedUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
