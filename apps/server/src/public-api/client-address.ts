import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/**
 * The client's address. Behind the edge (npm start, or any deployment) it is the last entry of
 * X-Forwarded-For: the edge drops whatever the client sent there and writes the address it saw (the
 * socket on Node, CF-Connecting-IP on Workers), and a proxy in front appends to the end. Served
 * directly, the socket's address. So the server must only be reachable through the edge.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  if (forwarded) return forwarded;
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? 'unknown';
}
