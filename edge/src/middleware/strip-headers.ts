import type { MiddlewareHandler } from 'hono';
import {
  CLOUDFLARE_HEADER_PREFIX,
  FORWARDING_HEADERS,
  HOP_BY_HOP_HEADERS,
  INTERNAL_HEADER_PREFIX,
  REQUEST_ID_HEADER,
} from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

const TOKEN = /^[!#$%&'*+\-.0-9A-Z^_`a-z|~]+$/;
const forwarding: ReadonlySet<string> = new Set(FORWARDING_HEADERS);

/** Drops the hop-by-hop headers, including those the Connection header names. */
export function dropHopByHop(headers: Headers): void {
  for (const name of headers.get('connection')?.split(',') ?? []) {
    if (TOKEN.test(name.trim())) headers.delete(name.trim());
  }
  for (const name of HOP_BY_HOP_HEADERS) headers.delete(name);
}

function dropMatching(headers: Headers, internal: (name: string) => boolean): void {
  for (const name of [...headers.keys()].filter(internal)) headers.delete(name);
}

const isInternal = (name: string) => name.startsWith(INTERNAL_HEADER_PREFIX);
const isClientSupplied = (name: string) => isInternal(name) || name.startsWith(CLOUDFLARE_HEADER_PREFIX) || forwarding.has(name);

/**
 * Both ways. In: the forwarded request starts from the client's headers less hop-by-hop, internal,
 * Cloudflare and forwarding ones, then gets the edge's own X-Forwarded-* and the request id.
 * Out: internal headers (such as the purge header) never reach the client.
 */
export const stripHeaders: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  const headers = new Headers(c.req.raw.headers);
  dropHopByHop(headers);
  dropMatching(headers, isClientSupplied);
  headers.delete('host');
  headers.set('X-Forwarded-For', c.get('clientAddress'));
  headers.set('X-Forwarded-Host', url.host);
  headers.set('X-Forwarded-Proto', url.protocol.slice(0, -1));
  headers.set(REQUEST_ID_HEADER, c.get('requestId'));
  c.set('forward', { url, headers });
  await next();
  dropMatching(c.res.headers, isInternal);
};
