import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { cacheTags, purgeTags } from '../cache-tags.ts';
import { cacheKey } from '../cache-key.ts';
import { answerFromWhole } from '../conditional-requests.ts';
import { CACHE_MAX_ENTRY_BYTES, CACHE_STATUS_HEADER, NEVER_CACHED_PATH, PER_USER_PARAMS, SESSION_COOKIE } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';
import type { CacheStore } from '../stores/cache-store.ts';

/** Seconds the route lets this request's answer be kept; 0 for anything never cached. */
function requestLifetime(c: Context<EdgeEnv>): number {
  const route = c.get('route');
  const forward = c.get('forward');
  if (c.req.method !== 'GET' || route.ttlSeconds === 0 || NEVER_CACHED_PATH.test(forward.url.pathname)) return 0;
  const headers = c.req.raw.headers;
  if (headers.has('Authorization') || getCookie(c, SESSION_COOKIE) !== undefined) return 0;
  if (PER_USER_PARAMS.some((name) => forward.url.searchParams.has(name))) return 0;
  return route.ttlSeconds;
}

/** Seconds this answer may be kept under the route's ceiling: the upstream's own max-age may shorten it or forbid it. */
function responseLifetime(response: Response, ceiling: number, needsMaxAge: boolean): number {
  const headers = response.headers;
  if (response.status !== 200 || headers.has('Set-Cookie') || headers.get('Vary') === '*') return 0;
  if (Number(headers.get('Content-Length') ?? 0) > CACHE_MAX_ENTRY_BYTES) return 0;
  const cacheControl = headers.get('Cache-Control') ?? '';
  if (/\b(?:no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const maxAge = /\bs-maxage=(\d+)/i.exec(cacheControl) ?? /\bmax-age=(\d+)/i.exec(cacheControl);
  if (maxAge) return Math.min(ceiling, Number(maxAge[1]));
  return needsMaxAge ? 0 : ceiling;
}

/** Storing never delays the answer: on Workers it finishes after the response, on Node it is immediate. */
function afterResponse(c: Context<EdgeEnv>, task: Promise<void>): Promise<void> {
  const bestEffort = task.catch(() => undefined); // a cache write that fails leaves a miss, nothing worse
  try {
    c.executionCtx.waitUntil(bestEffort);
    return Promise.resolve();
  } catch {
    return bestEffort; // no execution context: Node
  }
}

/**
 * Public GET answers are served from `store` for their route's lifetime (X-Cache HIT / MISS), kept
 * under cacheKey's key; everything else passes through (BYPASS): other methods, random picks,
 * authenticated requests, one user's URLs (PER_USER_PARAMS), routes with no lifetime, paths and keys
 * cacheKey refuses. A hit answers conditional and range requests from the kept copy as the origin
 * would (RFC 9110: 304, 206, 412, 416); on a miss they go to the upstream as sent, and only a whole 200 is kept. Any answer naming tags in the purge header drops the entries carrying them.
 * An answer whose request was in flight while a purge happened is not kept: it may show a GIF as it
 * was before the change the purge announced (a state change racing a read never leaves the old
 * answer cached). Purges are rare, so the few misses this costs are cheaper than telling tags apart.
 */
export function edgeCache(store: CacheStore): MiddlewareHandler<EdgeEnv> {
  let purges = 0;
  return async (c, next) => {
    const purgesBefore = purges;
    const { url } = c.get('forward');
    const ceiling = requestLifetime(c);
    const key = ceiling > 0 ? cacheKey(c.get('route'), url) : undefined;
    if (key) {
      const hit = await store.match(key, c.req.raw);
      if (hit) {
        const answer = await answerFromWhole(c.req.raw, hit);
        answer.headers.set(CACHE_STATUS_HEADER, 'HIT');
        return answer;
      }
    }
    await next();
    const purged = purgeTags(c.res.headers);
    if (purged.length > 0) {
      purges += 1;
      await store.purge(purged);
    }
    const { service, needsMaxAge } = c.get('route');
    const lifetime = key && purges === purgesBefore ? responseLifetime(c.res, ceiling, needsMaxAge) : 0;
    if (key && lifetime > 0) {
      const body = new Uint8Array(await c.res.arrayBuffer());
      if (body.byteLength <= CACHE_MAX_ENTRY_BYTES) {
        const tags = cacheTags(service, url, c.res, body);
        await afterResponse(c, store.put(key, new Response(body, c.res), { ttlSeconds: lifetime, tags }));
      }
      c.res = new Response(body, c.res);
    }
    c.res.headers.set(CACHE_STATUS_HEADER, key ? 'MISS' : 'BYPASS');
  };
}
