import type { MiddlewareHandler } from 'hono';
import { AUDIENCES } from '../permissions/roles.ts';
import { PERMISSIONS, type Action, type Grants } from '../permissions/table.ts';
import { requireGrant } from './authorize.ts';
import type { AuthEnv } from './context.ts';

/**
 * Authenticate, then authorize, then validate: the first handler of every route the permission table
 * guards, declared before the handler that reads the body, path or query. A caller granted none of
 * `actions` is refused here (401 not signed in, 403 signed in); what depends on whose resource it is
 * is asked later by `authorize`, once the route knows the resource. Routes documented with
 * `describe({ access: { permission } })` get this guard from the declaration itself (openapi/describe.ts).
 */
export function routeGuard(...actions: [Action, ...Action[]]): MiddlewareHandler<AuthEnv> {
  const refusesSomeone = AUDIENCES.some((audience) => actions.every((action) => (PERMISSIONS[action] as Grants)[audience] === undefined));
  if (!refusesSomeone) return (_c, next) => next();
  return async (c, next) => {
    if (!c.var.auth) throw new Error(`A route guarded by ${actions.join(' or ')} is mounted in an app without the authenticate middleware`);
    await requireGrant(c, actions);
    await next();
  };
}
