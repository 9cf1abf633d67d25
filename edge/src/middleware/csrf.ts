import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';
import { edgeError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Compares in time that depends on the length only. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function withoutCookie(cookieHeader: string, name: string): string {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name}=`))
    .join('; ');
}

/**
 * SPEC 6 on the site's own services: a change (any method but GET, HEAD, OPTIONS) made with the session
 * cookie must carry the CSRF header matching the CSRF cookie, or it is refused with 403 here.
 * A change carrying an Authorization token is token-authenticated: it passes, and the session
 * cookie is taken off it so the upstream cannot authenticate it by the cookie instead.
 */
export const requireCsrfToken: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  if (!c.get('route').csrf || SAFE_METHODS.has(c.req.method) || getCookie(c, SESSION_COOKIE) === undefined) return next();
  const headers = c.get('forward').headers;
  if (headers.has('Authorization')) {
    const rest = withoutCookie(headers.get('Cookie') ?? '', SESSION_COOKIE);
    if (rest) headers.set('Cookie', rest);
    else headers.delete('Cookie');
    return next();
  }
  const token = c.req.header(CSRF_HEADER);
  const expected = getCookie(c, CSRF_COOKIE);
  if (!token || !expected || !sameToken(token, expected)) {
    return edgeError(
      c,
      403,
      `CSRF check failed: a change made with the session cookie needs the ${CSRF_HEADER} header matching the ${CSRF_COOKIE} cookie`,
    );
  }
  return next();
};
