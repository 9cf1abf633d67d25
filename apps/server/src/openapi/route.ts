import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { API_REFERENCE_SCRIPT, OPENAPI_DOCUMENT } from '@loopbox/pages';
import { Hono, type Context } from 'hono';
import { describe } from './describe.ts';
import { openApiDocument, type RouteEntry } from './document.ts';
import { OpenApiDocument } from '@loopbox/contract/openapi';

/** Caches keep the document a few minutes and the renderer a day; both change only with a deploy. */
const DOCUMENT_CACHE = 'public, max-age=300';
const SCRIPT_CACHE = 'public, max-age=86400';
/** Documents kept built, by origin: a Host header cannot grow this without bound. */
const KEPT_ORIGINS = 4;
/** Scalar's prebuilt single-file renderer, from its package (never a CDN: pages here load nothing from elsewhere). */
const SCALAR_BUNDLE = path.join(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/**
 * GET /openapi.json, the app's routes as OpenAPI 3.1, built from `routes()` (the app's own list) for
 * the origin callers reach this server by, and the script the /docs/api page renders it with.
 */
export function openApiRoutes(routes: () => readonly RouteEntry[], version: string, originOf: (c: Context) => string) {
  const app = new Hono();
  // One per origin seen (the public URL, or the few names a server is reached by), newest kept.
  const documents = new Map<string, string>();
  app.get(
    OPENAPI_DOCUMENT,
    describe({ tag: 'site', summary: 'This API reference as an OpenAPI 3.1 document', access: 'anyone', response: OpenApiDocument }),
    (c) => {
      const origin = originOf(c);
      let document = documents.get(origin);
      if (!document) {
        document = JSON.stringify(openApiDocument(routes(), { version, origin }));
        if (documents.size >= KEPT_ORIGINS) documents.delete(documents.keys().next().value!);
        documents.set(origin, document);
      }
      return c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': DOCUMENT_CACHE });
    },
  );
  app.get(API_REFERENCE_SCRIPT, (c) =>
    c.body(Readable.toWeb(fs.createReadStream(SCALAR_BUNDLE)) as ReadableStream, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': SCRIPT_CACHE,
    }),
  );
  return app;
}
