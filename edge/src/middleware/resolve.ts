import type { Context, MiddlewareHandler } from 'hono';
import type { EdgeEnv } from '../env.ts';
import { routeFor } from '../routes.ts';

/** How a runtime tells the client's address (the socket on Node, CF-Connecting-IP on Workers). */
export type ClientAddress = (c: Context<EdgeEnv>) => string | undefined;

/** Resolves what the later middleware read: the route of the path and the client's address. */
export function resolveRequest(clientAddress: ClientAddress): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    c.set('route', routeFor(c.req.path));
    c.set('clientAddress', clientAddress(c) ?? 'unknown');
    await next();
  };
}
