import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { createAttemptLimiter } from '../auth/attempt-limits.ts';
import { authenticate } from '../auth/authenticate.ts';
import type { AuthEnv } from '../auth/context.ts';
import { paramsGuard } from '../http/params-guard.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { answersMatchSchemas } from '../http/answer-check.ts';
import { errorBody, handleErrors, metaStatusAgrees } from '../http/envelope.ts';
import type { Database } from '../store/schema.ts';

/**
 * The frame of a service behind the edge beside the backend (stories, scheduler): the boundary's
 * parameter guard, the one auth module (a bearer token, else the session cookie with its CSRF check,
 * else anonymous), `/healthz`, and GIPHY's error body for every refusal. `routes` adds the service's own.
 */
export function serviceApp(
  db: Kysely<Database>,
  routes: (app: Hono<AuthEnv>) => void,
  options: { log?: ((line: string) => void) | undefined; checkAnswers?: boolean | undefined } = {},
): Hono<AuthEnv> {
  const { log } = options;
  const app = new Hono<AuthEnv>();
  app.use(securityHeaders());
  app.use(paramsGuard());
  if (options.checkAnswers) app.use(answersMatchSchemas(log));
  app.use(metaStatusAgrees());
  app.get('/healthz', (c) => c.json({ ok: true }));
  // Sign-in attempts are limited by the backend; a service only resolves callers, so its limiter is never drawn on.
  app.use('*', authenticate({ db, limits: createAttemptLimiter() }));
  routes(app);
  app.notFound((c) => c.json(errorBody(404, `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(handleErrors(log));
  return app;
}
