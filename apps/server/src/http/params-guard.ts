import type { MiddlewareHandler } from 'hono';
import { ApiError } from './envelope.ts';
import { FREE_TEXT_PARAMS, MAX_PARAM_CHARS } from '../boundary/constants.ts';
import { unsafeTextReason } from '../boundary/text.ts';

/**
 * The first step of every request: the path and each query parameter are held to the boundary's
 * text rule before any route sees them. Too long, or holding NUL or an unpaired surrogate: a 400
 * naming the parameter. Free-text parameters are only length-checked here; their schemas normalise them.
 */
export function paramsGuard(): MiddlewareHandler {
  return async (c, next) => {
    const pathReason =
      c.req.path.length > MAX_PARAM_CHARS ? `must be at most ${MAX_PARAM_CHARS} characters` : unsafeTextReason(decodedPath(c.req.path));
    if (pathReason) throw new ApiError(400, `path ${pathReason}`);
    for (const [name, values] of Object.entries(c.req.queries())) {
      const shownName = name.length > 40 || unsafeTextReason(name) ? 'a parameter name' : name;
      if (name.length > MAX_PARAM_CHARS || unsafeTextReason(name)) throw new ApiError(400, `${shownName} is not a valid parameter name`);
      for (const value of values) {
        if (value.length > MAX_PARAM_CHARS) throw new ApiError(400, `${shownName} must be at most ${MAX_PARAM_CHARS} characters`);
        const reason = FREE_TEXT_PARAMS.has(name) ? null : unsafeTextReason(value);
        if (reason) throw new ApiError(400, `${shownName} ${reason}`);
      }
    }
    await next();
  };
}

/** The path as route parameters will see it (percent-decoded); a malformed escape stays as sent. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
