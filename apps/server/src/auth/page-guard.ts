import { loginPath } from '@loopbox/pages';
import type { Context, MiddlewareHandler } from 'hono';
import { can } from '../permissions/can.ts';
import type { Action } from '../permissions/table.ts';
import { ApiError } from '../http/envelope.ts';
import type { AuthEnv } from './context.ts';
import { subjectOf } from './principal.ts';

/** The site's own 403 page, when the site is built (web/assets.ts). */
export type RefusedPage = (c: Context) => Promise<Response | undefined>;

/**
 * Guards site pages (the dashboard and the staff console): anyone not signed in is sent to the login
 * page, a signed-in caller without the permission gets 403 (the site's 403 page, else a JSON error).
 * The page's data calls are checked again by their own routes. Answers depend on the caller, so no
 * cache may keep them.
 */
export function requirePagePermission(action: Action, refusedPage?: RefusedPage): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const principal = await c.var.auth.principal();
    if (principal.kind === 'anonymous') {
      const url = new URL(c.req.url);
      c.header('Cache-Control', 'no-store');
      return c.redirect(loginPath(url.pathname + url.search), 302);
    }
    if (!can(subjectOf(principal), action)) {
      const page = await refusedPage?.(c);
      if (page) return page;
      throw new ApiError(403, `Not allowed: this page needs ${action}`);
    }
    await next();
    c.header('Cache-Control', 'private, no-store');
  };
}
