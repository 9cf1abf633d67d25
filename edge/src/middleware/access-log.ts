import type { MiddlewareHandler } from 'hono';
import { CACHE_STATUS_HEADER } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

/** One line per request. The path is logged without its query, which may hold an API key. */
export interface AccessLogEntry {
  requestId: string;
  method: string;
  path: string;
  service: string;
  status: number;
  cache: string | null;
  ms: number;
}

export function accessLog(log: (entry: AccessLogEntry) => void): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      service: c.get('route').service,
      status: c.res.status,
      cache: c.res.headers.get(CACHE_STATUS_HEADER),
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  };
}

/** `<request id> <method> <path> <status> <service> <cache> <ms> ms` */
export function formatAccessLog(entry: AccessLogEntry): string {
  return `edge ${entry.requestId} ${entry.method} ${entry.path} ${entry.status} ${entry.service} ${entry.cache ?? '-'} ${entry.ms} ms`;
}
