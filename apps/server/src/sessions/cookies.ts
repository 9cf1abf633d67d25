import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../http/client.ts';
import { CSRF_COOKIE, SESSION_COOKIE } from '../auth/constants.ts';
import { csrfTokenFor } from '../auth/secrets.ts';

/**
 * The session cookie (HTTP-only: scripts never see it) and the CSRF cookie the site's scripts copy
 * into the X-CSRFToken header. Both SameSite=Lax, Secure over https, and expiring with the session.
 */
export function setSessionCookies(c: Context, secret: string, expires: Date, publicUrl: string | undefined): string {
  const secure = isHttps(c, publicUrl);
  const csrfToken = csrfTokenFor(secret);
  setCookie(c, SESSION_COOKIE, secret, { path: '/', httpOnly: true, sameSite: 'Lax', secure, expires });
  setCookie(c, CSRF_COOKIE, csrfToken, { path: '/', sameSite: 'Lax', secure, expires });
  return csrfToken;
}

/** Re-issues only the CSRF cookie (a client that lost it gets it back from /login/check). */
export function setCsrfCookie(c: Context, csrfToken: string, publicUrl: string | undefined): void {
  setCookie(c, CSRF_COOKIE, csrfToken, { path: '/', sameSite: 'Lax', secure: isHttps(c, publicUrl) });
}

export function clearSessionCookies(c: Context, publicUrl: string | undefined): void {
  const secure = isHttps(c, publicUrl);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
  deleteCookie(c, CSRF_COOKIE, { path: '/', secure });
}
