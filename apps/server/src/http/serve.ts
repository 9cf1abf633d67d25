import type { Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** Node refuses a request it cannot parse before any handler runs; these say so in GIPHY's error body. */
const REFUSALS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields (URL included) are too large'],
  HPE_URI_TOO_LONG: [414, 'Request URL is too long'],
};

function refuse(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const [status, msg] = REFUSALS[error.code ?? ''] ?? [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ meta: { status, msg, response_id: randomBytes(20).toString('hex') } });
  socket.end(
    `HTTP/1.1 ${status} ${msg}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An HTTP server for `fetch` on the given port: @hono/node-server, plus JSON answers for the requests
 * Node itself refuses (a URL or headers over its limit, malformed HTTP), which would otherwise get
 * a bare status line.
 */
export function serveHttp(
  fetch: Fetch,
  options: { port: number; hostname: string },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const server = serve({ fetch, port: options.port, hostname: options.hostname }, onListening);
  server.on('clientError', refuse);
  return server;
}
