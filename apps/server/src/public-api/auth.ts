import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { KEY_CACHE_MS, RATE_LIMITED_ENDPOINT, type KeyedApi } from '../developers/constants.ts';
import type { HourlyLimit } from '../developers/hourly-limit.ts';
import type { KeyLookup } from '../developers/key-lookup.ts';
import type { UsageMeter } from '../developers/usage-meter.ts';
import type { ApiEnv } from './context.ts';
import { ApiError } from '../http/envelope.ts';

/** Where GIPHY's callers put their key: `api_key`, or `apikey` as GIPHY's pingback does. */
const GIPHY_KEY_PARAMS = ['api_key', 'apikey'] as const;

/** How the public APIs check keys: one per server app (developers/). */
export interface KeyGate {
  lookup: KeyLookup;
  hourly: HourlyLimit;
  /** Counts developers' calls; absent, they are not counted. */
  usage?: UsageMeter | undefined;
}

export interface KeyOptions {
  /** Which API the calls are counted under. */
  api: KeyedApi;
  /** Keys accepted without a lookup (GIPHY's analytics package's own, at the collector). */
  alsoAccepted?: ReadonlySet<string>;
  /** The query parameters the key may be in, first present wins. */
  params?: readonly string[];
}

/** An answer to a developer's key is kept by the edge no longer than a key's state is trusted, so a revoked key's answers end with it. */
const DEVELOPER_ANSWER_CACHE = `public, max-age=${Math.max(1, Math.floor(KEY_CACHE_MS / 1000))}`;

/**
 * Requires a known, live API key (README, Developer keys): unknown, revoked or past its rotation
 * grace, 403. A developer app's key is held to its tier's hourly limit (429 with Retry-After beyond)
 * and each of its calls is counted by endpoint and status.
 */
export function requireApiKey(gate: KeyGate, options: KeyOptions): MiddlewareHandler<ApiEnv> {
  const params = options.params ?? GIPHY_KEY_PARAMS;
  const alsoAccepted = options.alsoAccepted ?? new Set<string>();
  return async (c, next) => {
    const key = params.map((name) => c.req.query(name)).find((value) => value !== undefined);
    if (!key) throw new ApiError(401, 'No API key found in request');
    c.set('apiKey', key);
    if (alsoAccepted.has(key)) return next();
    const facts = await gate.lookup.find(key);
    if (!facts.valid) throw new ApiError(403, 'Invalid authentication credentials');
    if (!facts.app) return next();
    const count = (status: number, endpoint: string) => gate.usage?.count({ key, api: options.api, endpoint, status });
    if (facts.callsPerHour !== null) {
      const outcome = await gate.hourly.take(key, facts.callsPerHour);
      if (!outcome.allowed) {
        count(429, RATE_LIMITED_ENDPOINT);
        throw new ApiError(
          429,
          `API rate limit exceeded: a ${facts.tier} key may make ${facts.callsPerHour} calls an hour; retry in ${outcome.retryAfterSeconds} s`,
          {
            'Retry-After': String(outcome.retryAfterSeconds),
          },
        );
      }
    }
    await next();
    const endpoint = routePath(c);
    count(c.res.status, endpoint.endsWith('*') ? 'unknown' : endpoint);
    if (c.res.ok && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', DEVELOPER_ANSWER_CACHE);
  };
}
