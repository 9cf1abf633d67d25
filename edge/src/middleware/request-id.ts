import type { MiddlewareHandler } from 'hono';
import { CLIENT_REQUEST_ID, REQUEST_ID_HEADER } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

/**
 * Names every request: the client's X-Request-Id when it has the strict shape of one, else a fresh
 * UUID. The header is put on the answer after everything else ran, so whatever produced it (an
 * upstream, the cache, the edge's own errors) carries it.
 */
export const requestId: MiddlewareHandler<EdgeEnv> = async (c, next) => {
  const given = c.req.header(REQUEST_ID_HEADER);
  const id = given !== undefined && CLIENT_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  c.res.headers.set(REQUEST_ID_HEADER, id); // in place: c.header() would copy the finished answer
};
