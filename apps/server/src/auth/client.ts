import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

const ADDRESS = /^[0-9A-Fa-f:.]{2,45}$/;

/**
 * The client's address: the edge's X-Forwarded-For (it replaces whatever the client sent, see
 * edge/src/middleware/strip-headers.ts), else the socket's when the app is reached directly.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && ADDRESS.test(forwarded)) return forwarded;
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket.remoteAddress;
  return socket ?? 'unknown';
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
