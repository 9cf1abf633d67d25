import { loginPath } from '@loopbox/pages';
import type { MiddlewareHandler } from 'hono';
import { can } from '../permissions/can.ts';
import type { Action } from '../permissions/table.ts';
import { ApiError } from '../public-api/envelope.ts';
import type { AuthEnv } from './context.ts';
import { subjectOf } from './principal.ts';

/** The site's "Not allowed" page (a page of the site, answered with status 403). */
const FORBIDDEN_PAGE = '/403';

/**
 * Guards site pages (the dashboard and the staff console): anyone not signed in is sent to the login
 * page, a signed-in caller without the permission gets 403 (a browser is sent to the site's 403
 * page). The page's data calls are checked again by their own routes. Answers depend on the
 * caller, so no cache may keep them.
 */
export function requirePagePermission(action: Action): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const principal = await c.var.auth.principal();
    if (principal.kind === 'anonymous') {
      const url = new URL(c.req.url);
      c.header('Cache-Control', 'no-store');
      return c.redirect(loginPath(url.pathname + url.search), 302);
    }
    if (!can(subjectOf(principal), action)) {
      // A browser opening the page is shown the site's own 403 page; a program gets the JSON error.
      if (c.req.header('accept')?.includes('text/html')) {
        c.header('Cache-Control', 'no-store');
        return c.redirect(FORBIDDEN_PAGE, 302);
      }
      throw new ApiError(403, `Not allowed: this page needs ${action}`);
    }
    await next();
    c.header('Cache-Control', 'private, no-store');
  };
}
