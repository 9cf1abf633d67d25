import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { PINGBACK_ACTIONS } from '../collector/constants.ts';
import { describe } from '../openapi/describe.ts';
import { EXAMPLES } from './examples.ts';
import type { ApiEnv } from './context.ts';
import { handleErrors } from '../http/envelope.ts';
import { passthrough } from './params.ts';
import { parseQuery } from '../http/parse.ts';
import { CollectedAnswer } from '@loopbox/contract/collector';

const SimplePingbackQuery = z.object({
  analytics_response_payload: z.string({ error: 'analytics_response_payload is required' }),
  action_type: z.enum(PINGBACK_ACTIONS, { error: `action_type must be one of ${PINGBACK_ACTIONS.join(', ')}` }),
  random_id: passthrough,
  customer_id: passthrough,
  ts: z
    .string()
    .regex(/^\d{1,15}$/, 'ts must be a number of milliseconds')
    .transform(Number)
    .optional(),
});

const SIMPLE_PINGBACK_PATH = /^\/v2\/pingback_simple\/?$/;

/**
 * The key a simple pingback without one is counted under. GIPHY's analytics URLs carry no key (an
 * answer is shared by every caller, at the edge too), so one fired as it came is counted as the
 * pingbacks of GIPHY's own analytics package are, under its built-in key, when the collector
 * accepts that key (COLLECTOR_SDK_KEY); an app that adds `api_key` is counted under its own.
 * Null where the usual key check applies.
 */
export function keylessSimplePingback(sdkKey: string | null): MiddlewareHandler<ApiEnv> | null {
  if (!sdkKey) return null;
  return async (c, next) => {
    c.set('apiKey', sdkKey);
    await next();
  };
}

export const isKeylessSimplePingback = (path: string, query: (name: string) => string | undefined): boolean =>
  SIMPLE_PINGBACK_PATH.test(path) && !query('api_key') && !query('apikey');

/** Who sent a simple pingback when the app names nobody (GIPHY asks for `random_id` or `customer_id`, and some apps send neither). */
const NOBODY = 'anonymous';

/**
 * GET pingback_simple: GIPHY's action register, the URLs of each GIF's `analytics` object
 * (`onload`, `onclick`, `onsent`) with the app's `random_id` (or `customer_id`) and `ts` added. It
 * is the same pingback as one event posted to `POST /v2/pingback`, and goes through that very route
 * (`collector`, mounted a second time here with the caller's key): the same checks, counting and
 * answer.
 */
export function simplePingbackRoutes(collector: Hono<ApiEnv>) {
  const inner = new Hono<ApiEnv & { Bindings: { apiKey: string } }>();
  inner.use(async (c, next) => {
    c.set('apiKey', c.env.apiKey);
    await next();
  });
  inner.route('/', collector);
  inner.onError(handleErrors());

  const app = new Hono<ApiEnv>();
  app.get(
    '/pingback_simple',
    describe({
      tag: 'collector',
      summary: "Register a view, click or send (GIPHY's action register)",
      description:
        "The URLs of each GIF's `analytics` object (`onload` SEEN, `onclick` CLICK, `onsent` SENT), with `random_id` (or `customer_id`) and `ts` added by the app: counted as one event posted to `POST /v2/pingback`, with its answer. Without a key it is counted under the key of GIPHY's analytics package (unless `COLLECTOR_SDK_KEY=refuse`), as the URLs carry none.",
      access: { apiKey: 'giphy' },
      query: SimplePingbackQuery,
      response: CollectedAnswer,
      example: EXAMPLES.simplePingback,
    }),
    async (c) => {
      const p = parseQuery(SimplePingbackQuery, c.req.query());
      const event = {
        action_type: p.action_type,
        analytics_response_payload: p.analytics_response_payload,
        user_id: p.random_id ?? p.customer_id ?? NOBODY,
        ts: p.ts ?? Date.now(),
      };
      const body = JSON.stringify({ events: [event] });
      const res = await inner.request(
        '/pingback',
        { method: 'POST', headers: { 'Content-Type': 'application/json' }, body },
        { apiKey: c.get('apiKey') },
      );
      c.header('Cache-Control', 'no-store');
      const retryAfter = res.headers.get('Retry-After');
      return c.body(await res.text(), res.status as 200, {
        'Content-Type': res.headers.get('Content-Type') ?? 'application/json',
        ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
      });
    },
  );
  return app;
}
