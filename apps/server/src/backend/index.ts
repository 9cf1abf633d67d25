import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { analyticsSeriesRoutes } from './analytics-series.ts';
import { analyticsRoutes } from './analytics.ts';

/** The own backend (SPEC 7.2) served by this server. */
export function backendRoutes(db: Kysely<Database>) {
  const app = new Hono();
  app.route('/', analyticsRoutes(db));
  app.route('/', analyticsSeriesRoutes(db));
  return app;
}
