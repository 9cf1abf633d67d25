import type { ErrorHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { TooManyAttempts } from '../auth/attempt-limits.ts';
import { ApiError, errorBody, handleErrors } from '../public-api/envelope.ts';

/** An error caused by one input field: the answer names it, so a form can show the message beside it. */
export class FieldError extends ApiError {
  constructor(
    status: ContentfulStatusCode,
    readonly field: string,
    message: string,
  ) {
    super(status, message);
  }
}

/** The backend's error answers: the public API's body, plus `field` for a field's error and Retry-After on 429. */
export function backendErrors(log?: (line: string) => void): ErrorHandler {
  const fallback = handleErrors(log);
  return (err, c) => {
    if (err instanceof FieldError) return c.json({ ...errorBody(err.status, err.message), field: err.field }, err.status);
    if (err instanceof TooManyAttempts) return c.json(errorBody(429, err.message), 429, { 'Retry-After': String(err.retryAfterS) });
    return fallback(err, c);
  };
}
