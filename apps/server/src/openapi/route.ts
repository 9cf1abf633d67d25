import { Hono } from 'hono';
import { OPENAPI_PATH } from './constants.ts';
import { describe } from './describe.ts';
import { openApiDocument, type RouteEntry } from './document.ts';

/** Caches keep the document a few minutes; it changes only with a deploy. */
const DOCUMENT_CACHE = 'public, max-age=300';

/** GET /openapi.json: the app's routes as OpenAPI 3.1, built on first request from `routes()` (the app's own list). */
export function openApiRoutes(routes: () => readonly RouteEntry[], version: string) {
  const app = new Hono();
  let document: string | undefined;
  app.get(OPENAPI_PATH, describe({ tag: 'site', summary: 'This API reference as an OpenAPI 3.1 document', access: 'anyone' }), (c) => {
    document ??= JSON.stringify(openApiDocument(routes(), { version }));
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': DOCUMENT_CACHE });
  });
  return app;
}
