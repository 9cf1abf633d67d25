import type { MiddlewareHandler } from 'hono';
import { routeGuard } from '../auth/route-guard.ts';
import type { z } from 'zod';
import type { Action } from '../permissions/table.ts';
import type { OpenApiTag } from './constants.ts';

/**
 * Who may call a route: an app's API key (GIPHY's `api_key` or Tenor's `key`), the permission table's
 * action (only `when` a condition holds, such as a parameter being given; anyone otherwise), or anyone.
 */
export type RouteAccess = { apiKey: 'giphy' | 'tenor' } | { permission: Action; when?: string } | 'anyone';

/**
 * What the API reference says about one route. The schemas are the very ones its handler parses
 * with, so the document cannot drift from what the route accepts.
 */
export interface RouteDoc {
  tag: OpenApiTag;
  /** One line: the sidebar entry of the reference. */
  summary: string;
  description?: string;
  access: RouteAccess;
  /** Other actions of the permission table the route asks in some cases (named in `description`). */
  alsoAsks?: readonly Action[];
  /** Path parameters as an object schema; undocumented ones are listed as plain strings. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body is sent; JSON by default. */
  bodyType?: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  /**
   * The success answer's status (200 by default) and type: JSON by default; `none`, headers only (as
   * tus answers); `media`, a media file (GIF, WebP or MP4, as the imaging service answers).
   */
  status?: 200 | 201 | 202 | 204;
  responseType?: 'application/json' | 'text/csv' | 'none' | 'media';
  /**
   * The success answer's JSON body, from `@loopbox/contract`: documented in the reference and, with
   * CHECK_ANSWERS=on (every test run), checked against each answer the route sends (http/answer-check.ts).
   * Every route answering JSON names one: the document refuses to build without it.
   */
  response?: z.ZodType;
  /** An example of the success answer, shown in the reference. */
  example?: unknown;
}

const ROUTE_DOC = Symbol('loopbox.routeDoc');

/**
 * The middleware carrying a route's documentation: `app.get(path, describe({...}), handler)`. The
 * OpenAPI document is built by walking the app's routes for these (document.ts). A route that always
 * needs a permission (no `when`) is guarded by it here, before its handler reads any input: the access
 * the reference documents is the access enforced, first (auth/route-guard.ts).
 */
export function describe(doc: RouteDoc): MiddlewareHandler {
  const { access } = doc;
  const guarded = typeof access === 'object' && 'permission' in access && access.when === undefined;
  const handler: MiddlewareHandler = guarded
    ? (routeGuard(access.permission, ...(doc.alsoAsks ?? [])) as MiddlewareHandler)
    : (_c, next) => next();
  return Object.assign(handler, { [ROUTE_DOC]: doc });
}

/** Where Hono keeps the original handler when it wraps one in a sub-app's own error handler (`app.route`). */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

export function routeDocOf(handler: unknown): RouteDoc | undefined {
  if (typeof handler !== 'function') return undefined;
  const wrapped = handler as { [ROUTE_DOC]?: RouteDoc; [COMPOSED_HANDLER]?: unknown };
  return wrapped[ROUTE_DOC] ?? routeDocOf(wrapped[COMPOSED_HANDLER]);
}
