import { MEDIA_STORE_RETRY_AFTER_S } from '../media-store/constants.ts';
import { MediaStoreUnavailable } from '../media-store/media-store.ts';
import { randomBytes } from 'node:crypto';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface Pagination {
  total_count?: number;
  count: number;
  offset: number;
  next_cursor?: number;
}

export interface Meta {
  status: number;
  msg: string;
  response_id: string;
}

/** A fresh id per response, like GIPHY's: it ties analytics events back to the response that showed the GIF. */
export function newResponseId(): string {
  return randomBytes(20).toString('hex');
}

/** An error the public API answers with GIPHY's error body, the given status and any extra headers (such as Retry-After). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An error caused by one input field: the answer names it (`field`), so a form can show the message beside it. */
export class FieldError extends ApiError {
  constructor(
    status: ContentfulStatusCode,
    readonly field: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, message, headers);
  }
}

export function envelope<T>(data: T, responseId: string, pagination?: Pagination): { data: T; pagination?: Pagination; meta: Meta } {
  return { data, ...(pagination ? { pagination } : {}), meta: { status: 200, msg: 'OK', response_id: responseId } };
}

const DATA_OPENING = Buffer.from('{"data":');

/** The same envelope as UTF-8 around `data`, pieces of JSON copied in as they are (answers assembled from stored wire text). */
export function envelopeBytes(data: readonly Uint8Array[], responseId: string, pagination?: Pagination): Uint8Array<ArrayBuffer> {
  const meta: Meta = { status: 200, msg: 'OK', response_id: responseId };
  const tail = `${pagination ? `,"pagination":${JSON.stringify(pagination)}` : ''},"meta":${JSON.stringify(meta)}}`;
  const pieces = [DATA_OPENING, ...data, Buffer.from(tail)];
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

/**
 * Makes a JSON answer's `meta.status` the HTTP status it is sent with. Handlers build the envelope
 * before they choose 201 or 202 (`c.json(envelope(…), 201)`), so the one place that knows both is
 * after the handler: only 2xx answers other than 200 are read and, when they disagree, written again.
 * Mounted by both app frames (app.ts, services/service-app.ts).
 */
export function metaStatusAgrees(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status === 200 || res.status < 200 || res.status >= 300 || res.status === 204) return;
    if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => undefined);
    const meta = (body as { meta?: { status?: unknown } } | undefined)?.meta;
    if (!meta || typeof meta.status !== 'number' || meta.status === res.status) return;
    meta.status = res.status;
    const headers = new Headers(res.headers);
    headers.delete('Content-Length');
    c.res = undefined;
    c.res = new Response(JSON.stringify(body), { status: res.status, headers });
  };
}

export function errorBody(status: number, msg: string): { meta: Meta } {
  return { meta: { status, msg, response_id: newResponseId() } };
}

export function sendError(c: Context, err: ApiError): Response {
  const body = err instanceof FieldError ? { ...errorBody(err.status, err.message), field: err.field } : errorBody(err.status, err.message);
  return c.json(body, err.status, err.headers);
}

/** The app-wide error handler: API errors keep their status and message; an unreachable media store is a 503 to retry; anything else is a logged 500. */
export function handleErrors(log?: (line: string) => void): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    if (err instanceof MediaStoreUnavailable)
      return sendError(
        c,
        new ApiError(503, 'Media storage is unreachable; try again in a little while', {
          'Retry-After': String(MEDIA_STORE_RETRY_AFTER_S),
        }),
      );
    if (err instanceof HTTPException) return c.json(errorBody(err.status, err.message), err.status);
    log?.(`error ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json(errorBody(500, 'Internal server error'), 500);
  };
}
