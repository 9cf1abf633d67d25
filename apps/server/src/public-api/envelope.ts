import { randomBytes } from 'node:crypto';
import type { Context, ErrorHandler } from 'hono';
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
  ) {
    super(status, message);
  }
}

export function envelope<T>(data: T, responseId: string, pagination?: Pagination): { data: T; pagination?: Pagination; meta: Meta } {
  return { data, ...(pagination ? { pagination } : {}), meta: { status: 200, msg: 'OK', response_id: responseId } };
}

/** The same envelope as text around `dataJson`, for answers assembled from stored wire text. */
export function envelopeText(dataJson: string, responseId: string, pagination?: Pagination): string {
  const meta: Meta = { status: 200, msg: 'OK', response_id: responseId };
  return `{"data":${dataJson}${pagination ? `,"pagination":${JSON.stringify(pagination)}` : ''},"meta":${JSON.stringify(meta)}}`;
}

export function errorBody(status: number, msg: string): { meta: Meta } {
  return { meta: { status, msg, response_id: newResponseId() } };
}

export function sendError(c: Context, err: ApiError): Response {
  const body = err instanceof FieldError ? { ...errorBody(err.status, err.message), field: err.field } : errorBody(err.status, err.message);
  return c.json(body, err.status, err.headers);
}

/** The app-wide error handler: API errors keep their status and message; anything else is a logged 500. */
export function handleErrors(log?: (line: string) => void): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return sendError(c, err);
    if (err instanceof HTTPException) return c.json(errorBody(err.status, err.message), err.status);
    log?.(`error ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json(errorBody(500, 'Internal server error'), 500);
  };
}
