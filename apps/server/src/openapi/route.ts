import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { API_REFERENCE_SCRIPT, OPENAPI_DOCUMENT } from '@loopbox/pages';
import { Hono } from 'hono';
import { describe } from './describe.ts';
import { openApiDocument, type RouteEntry } from './document.ts';

/** Caches keep the document a few minutes and the renderer a day; both change only with a deploy. */
const DOCUMENT_CACHE = 'public, max-age=300';
const SCRIPT_CACHE = 'public, max-age=86400';
/** Scalar's prebuilt single-file renderer, from its package (never a CDN: pages here load nothing from elsewhere). */
const SCALAR_BUNDLE = path.join(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/**
 * GET /openapi.json, the app's routes as OpenAPI 3.1, built on first request from `routes()` (the app's
 * own list), and the script the /docs/api page renders it with.
 */
export function openApiRoutes(routes: () => readonly RouteEntry[], version: string) {
  const app = new Hono();
  let document: string | undefined;
  app.get(OPENAPI_DOCUMENT, describe({ tag: 'site', summary: 'This API reference as an OpenAPI 3.1 document', access: 'anyone' }), (c) => {
    document ??= JSON.stringify(openApiDocument(routes(), { version }));
    return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': DOCUMENT_CACHE });
  });
  app.get(API_REFERENCE_SCRIPT, (c) =>
    c.body(Readable.toWeb(fs.createReadStream(SCALAR_BUNDLE)) as ReadableStream, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': SCRIPT_CACHE }),
  );
  return app;
}
