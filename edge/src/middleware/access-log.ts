import type { MiddlewareHandler } from 'hono';
import { CACHE_STATUS_HEADER } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';
import type { EdgeLogger } from '../logger.ts';

/** One entry per request. */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  /** The URL's path, still percent-encoded (a `%0A` stays three characters), without the query, which may hold an API key. */
  path: string;
  service: string;
  status: number;
  cache: string | null;
  ms: number;
}

export function accessLog(logger: EdgeLogger): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const entry: AccessLogEntry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      service: c.get('route').service,
      status: c.res.status,
      cache: c.res.headers.get(CACHE_STATUS_HEADER),
      ms: Math.round((performance.now() - started) * 100) / 100,
    };
    logger.info({ ...entry }, 'edge request');
  };
}
