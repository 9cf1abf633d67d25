import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { errorBody } from './envelope.ts';
import { routeDocOf } from '../openapi/describe.ts';

/** At most this many of a mismatch's issues are named in the answer and the log. */
const ISSUES_SHOWN = 5;

/**
 * With CHECK_ANSWERS=on, every JSON success answer of a route whose `describe()` names a `response`
 * schema is parsed against it; one the schema does not allow becomes a 500 naming the route and the
 * first issues, and is logged. Every test run turns it on, so a test that calls a route fails when its
 * handler and its contract disagree. Off in production: the check reads every answer twice.
 */
export function answersMatchSchemas(log?: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 200 || res.status >= 300 || res.status === 204) return;
    if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
    // GIPHY's `fields`/`bundle` trim the answer to what the caller asked for (public-api/trim.ts): not the whole shape.
    if ((c.var as { answerTrim?: unknown }).answerTrim) return;
    const route = matchedRoutes(c).find((matched) => routeDocOf(matched.handler)?.response);
    const schema = route && routeDocOf(route.handler)?.response;
    if (!schema) return;
    const body: unknown = await res.clone().json();
    const checked = schema.safeParse(body);
    if (checked.success) return;
    const issues = checked.error.issues
      .slice(0, ISSUES_SHOWN)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    const message = `The answer of ${c.req.method} ${route.path} does not match its schema: ${issues}`;
    log?.(message);
    c.res = undefined;
    c.res = c.json(errorBody(500, message), 500);
  };
}

/** CHECK_ANSWERS: `on` in test runs, `off` (the default) otherwise. */
export function answerCheckFrom(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.CHECK_ANSWERS ?? 'off';
  if (value !== 'on' && value !== 'off') throw new Error(`CHECK_ANSWERS must be on or off, not ${value}`);
  return value === 'on';
}
