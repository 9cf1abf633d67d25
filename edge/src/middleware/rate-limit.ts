import type { Context, MiddlewareHandler } from 'hono';
import { API_KEY_SHAPE, GIPHY_SDK_PINGBACK_KEY, IPV6_LIMITED_PREFIX_GROUPS } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';
import { edgeError } from '../errors.ts';
import type { Route } from '../routes.ts';
import type { RateLimiter } from '../stores/rate-limiter.ts';
import type { ApiKeys } from './api-key.ts';

/**
 * Counts the request against `limiter` under the key `keyOf` gives (none: not counted);
 * over the limit, a 429 with Retry-After. It sits after the cache, so only requests that reach a
 * service are counted: a cache hit costs the caller nothing.
 */
export function rateLimit(
  limiter: RateLimiter,
  keyOf: (c: Context<EdgeEnv>) => string | undefined,
  scope: string,
): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const key = keyOf(c);
    if (key !== undefined) {
      const outcome = await limiter.limit(key);
      if (!outcome.allowed) {
        return edgeError(c, 429, `Too many requests ${scope}; retry in ${outcome.retryAfterSeconds} s`, {
          'Retry-After': String(outcome.retryAfterSeconds),
        });
      }
    }
    await next();
  };
}

/** The first `groups` groups of an IPv6 address written in full (`2001:db8::1` → `2001:db8:0:0`). */
function ipv6Prefix(address: string, groups: number): string {
  const [head = '', tail] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  return [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups].slice(0, groups).join(':');
}

/**
 * The bucket a client address is counted in: an IPv4 address itself (also when IPv4-mapped), an IPv6
 * address by its /64, since one subscriber is usually given a whole /64 and could otherwise take a
 * fresh bucket per request.
 */
export function addressBucket(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase(); // a zone id (fe80::1%eth0) names an interface, not a client
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (!plain.includes(':')) return plain;
  return `${ipv6Prefix(plain, IPV6_LIMITED_PREFIX_GROUPS)}::/${IPV6_LIMITED_PREFIX_GROUPS * 16}`;
}

/** Requests of routes counted against `budget` (Route.addressLimit), keyed by their client address's bucket. */
export function byClientAddress(budget: Route['addressLimit']): (c: Context<EdgeEnv>) => string | undefined {
  return (c) => (c.get('route').addressLimit === budget ? addressBucket(c.get('clientAddress')) : undefined);
}

/**
 * The key a call (public API or collector) is counted under, if any: a developer's own key. The site's own keys
 * (added by the edge, or sent by the site's pages) are shared by every visitor, so those visitors are
 * limited per address only; and a string that cannot be an API key gets no bucket of its own (the
 * address limit still counts it, and the server refuses it), so made-up keys cannot fill the limiter.
 */
export function developerKey(apiKey: string | undefined, siteKeys: ReadonlySet<string>): string | undefined {
  if (apiKey === undefined || siteKeys.has(apiKey) || !API_KEY_SHAPE.test(apiKey)) return undefined;
  return apiKey;
}

export function byDeveloperKey(keys: ApiKeys): (c: Context<EdgeEnv>) => string | undefined {
  // GIPHY's analytics package posts every pingback, from every page, with one key fixed inside it.
  const siteKeys: ReadonlySet<string> = new Set([keys.web, keys.mobile, GIPHY_SDK_PINGBACK_KEY]);
  return (c) => developerKey(c.get('apiKey'), siteKeys);
}
