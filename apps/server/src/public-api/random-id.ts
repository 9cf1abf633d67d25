import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { describe } from '../openapi/describe.ts';
import { EXAMPLES } from './examples.ts';
import { RANDOM_ID_BYTES } from './constants.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { RandomId } from '@loopbox/contract/giphy';

/**
 * GET randomid: an id standing for one user of an app, with nothing personal in it, which the app
 * then sends as `random_id` (GIPHY's proxy for a user). Nothing is stored: it is random, so no two
 * users share one. Never cached, or every user behind a cache would get the same id.
 */
export function randomIdRoutes(_deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/randomid',
    describe({
      tag: 'gifs',
      summary: 'A random id for one user',
      description:
        "GIPHY's `{data: {random_id}}`: a fresh random id (32 hex characters) for an app to pass as `random_id` on later calls. Never cached.",
      access: { apiKey: 'giphy' },
      response: RandomId,
      example: EXAMPLES.randomId,
    }),
    (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(envelope({ random_id: randomBytes(RANDOM_ID_BYTES).toString('hex') }, newResponseId()));
    },
  );
  return app;
}
