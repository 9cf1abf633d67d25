import type { MiddlewareHandler } from 'hono';
import { API_KEY_PARAMS, MOBILE_USER_AGENT } from '../constants.ts';
import type { EdgeEnv } from '../env.ts';

export interface ApiKeys {
  web: string;
  mobile: string;
}

/**
 * The API key a call is made with, for the per-key limit: the one the caller sent, on any route
 * (in the route's own key parameter when it has one).
 * Anonymous public API calls (SPEC 6) without one get the mobile key from a mobile device (by user
 * agent) and the web key otherwise; the collector's calls are never given one.
 */
export function injectApiKey(keys: ApiKeys): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const query = c.get('forward').url.searchParams;
    const route = c.get('route');
    const given = (route.keyParam ? [route.keyParam] : API_KEY_PARAMS).map((name) => query.get(name)).find((value) => value);
    if (given) {
      c.set('apiKey', given);
    } else if (route.apiKey) {
      const value = MOBILE_USER_AGENT.test(c.req.header('User-Agent') ?? '') ? keys.mobile : keys.web;
      query.set(API_KEY_PARAMS[0], value);
      c.set('apiKey', value);
    }
    await next();
  };
}
