import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where the front serves the static reference pages; every other path goes to the server. */
export const REFERENCE_PREFIX = '/__bench/reference/';

export interface SameOriginFront {
  /** The front's origin: load our pages and the reference pages from it. */
  origin: string;
  /** Serves `html` at `${origin}${REFERENCE_PREFIX}${name}` and returns that URL. */
  addReference(name: string, html: string): string;
  close(): Promise<void>;
}

/**
 * A plain HTTP/1.1 front on 127.0.0.1 that passes every request through to `target` (headers and
 * bodies streamed as they are) and serves the static reference pages itself. Our pages and their
 * reference pages then share one origin, one connection pool and the server's HTTP stack for the
 * media (the server writes media URLs from the request's Host, so they name the front too), and the
 * emulated link of the throttled profile delays both alike.
 */
export async function startSameOriginFront(target: string): Promise<SameOriginFront> {
  const upstream = new URL(target);
  const references = new Map<string, string>();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url.startsWith(REFERENCE_PREFIX)) {
      const html = references.get(url.slice(REFERENCE_PREFIX.length));
      response.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      response.end(html ?? 'no such reference page');
      return;
    }
    const forwarded = http.request(
      { agent, hostname: upstream.hostname, port: upstream.port, method: request.method, path: url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    addReference(name, html) {
      references.set(name, html);
      return `${origin}${REFERENCE_PREFIX}${name}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
