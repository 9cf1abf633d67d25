import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamedBodyLimit } from 'hono/body-limit';

export interface BodyLimitOptions {
  maxSize: number;
  /** Answers (or throws) when the body is too large. */
  onError: (c: Context) => Response | Promise<Response>;
}

/**
 * Hono's body limit, deciding by Content-Length without touching the body when the request declares
 * its length (Node's parser then reads exactly that many bytes). Hono's own middleware asks for
 * `req.raw.body` first, which makes the Node adapter build a web-stream Request for every body. A
 * body of undeclared length is still counted as it streams.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const streamed = streamedBodyLimit(options);
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    // Not a number (which Node's parser never lets through) is refused too.
    if (!(Number(length) <= options.maxSize)) return options.onError(c);
    await next();
  };
}
