import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/envelope.ts';

/** Google's canonical status names, which Tenor's errors carry beside the HTTP code. */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function tenorErrorBody(code: number, message: string) {
  return { error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' } };
}

/** The Tenor API's error handler: the same verdicts as the GIPHY API, in Tenor's `{error: {code, message, status}}`. */
export function tenorErrors(log?: (line: string) => void): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return c.json(tenorErrorBody(err.status, err.message), err.status, err.headers);
    if (err instanceof HTTPException) return c.json(tenorErrorBody(err.status, err.message), err.status as ContentfulStatusCode);
    log?.(`error ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json(tenorErrorBody(500, 'Internal server error'), 500);
  };
}
