import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { EdgeEnv } from './env.ts';

/**
 * The edge's own error answer: `message` (what the SDK's error reads) and a GIPHY-style `meta`
 * carrying the request id, so a report can be matched to the edge's log line.
 */
export function edgeError(c: Context<EdgeEnv>, status: ContentfulStatusCode, message: string, headers?: Record<string, string>): Response {
  return c.json({ message, meta: { status, msg: message, request_id: c.get('requestId') } }, status, headers);
}
