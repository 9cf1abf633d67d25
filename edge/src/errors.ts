import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EdgeEnv } from './env.ts';

const EDGE_ERROR_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * The edge's own error answer: `message` (what the SDK's error reads) and a GIPHY-style `meta`
 * carrying the request id, so a report can be matched to the edge's log line.
 */
export function edgeError(c: Context<EdgeEnv>, status: ContentfulStatusCode, message: string, headers?: Record<string, string>): Response {
  // The data answers' headers (apps/server/src/http/security-headers.ts): never sniffed, never framed.
  return c.json({ message, meta: { status, msg: message, request_id: c.get('requestId') } }, status, {
    ...EDGE_ERROR_SECURITY_HEADERS,
    ...headers,
  });
}
