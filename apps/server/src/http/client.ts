import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client's address. Behind the edge (npm start, or any deployment) it is X-Forwarded-For: the
 * edge drops whatever the client sent there and writes the address it saw (the socket on Node,
 * CF-Connecting-IP on Workers; see edge/src/middleware/strip-headers.ts), so the server must only be
 * reachable through the edge. Reached directly, the socket's address.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
  if (forwarded && ADDRESS.test(forwarded)) return forwarded;
  return (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress ?? 'unknown';
}

/** The User-Agent, cut to what a session list shows. */
export function userAgent(c: Context): string {
  return (c.req.header('user-agent') ?? '').replace(/[^\x20-\x7e]/g, '').slice(0, 200);
}

/** Whether the client reached us over https (cookies are then marked Secure). */
export function isHttps(c: Context, publicUrl: string | undefined): boolean {
  if (publicUrl?.startsWith('https:')) return true;
  return c.req.header('x-forwarded-proto') === 'https' || new URL(c.req.url).protocol === 'https:';
}
