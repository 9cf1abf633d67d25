/**
 * GET /openapi.json on `npm start`'s wiring: the CI check of issue 21. The server builds the document
 * from its own route list and refuses while any route lacks describe(), so a 200 here means every
 * public route is in it; it must validate as OpenAPI 3.1, and the permission each mutating or guarded
 * route documents must be the one the role × route matrix proves it enforces.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_TAGS } from '../../apps/server/src/openapi/constants.ts';
import { GUARDED_READS, MUTATING_ROUTES } from '../accounts/matrix-routes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Matrix rows the document does not cover: the site's pages and the stories, scheduler and imaging services. */
const OTHER_SERVICES = /^\/(dashboard|api\/v1\/stories|schedule|activity|imaging)\b/;
/** A path with every parameter made alike, so `/users/{other}/role/` meets `/users/{id}/role/`. */
const shape = (path: string) => path.split('?')[0]!.replace(/\{[^}]+\}/g, '{}');

describe('the OpenAPI document', () => {
  let server: TestServer;
  let doc: any;
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = await res.json();
  });
  afterAll(() => server?.close());

  it('validates as OpenAPI 3.1', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('covers the public API, the collector, the Tenor API and the backend, each operation tagged and summarised', () => {
    for (const [path, method] of [
      ['/v1/{type}/search', 'get'],
      ['/v1/gifs/{id}', 'get'],
      ['/v2/pingback', 'post'],
      ['/v2/analytics', 'post'],
      ['/tenor/v2/search', 'get'],
      ['/api/v1/developer/apps/', 'post'],
      ['/api/v3/content-takedown/takedown', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const operations = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops)) as any[];
    expect(operations.length).toBeGreaterThan(120);
    for (const op of operations) {
      expect(op.summary, op.operationId).toMatch(/\S/);
      expect(Object.keys(OPENAPI_TAGS), op.operationId).toContain(op.tags[0]);
    }
  });

  it('documents the parameters the handlers parse with', () => {
    const search = doc.paths['/v1/{type}/search'].get;
    const q = search.parameters.find((p: any) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', required: true });
    expect(search.parameters.find((p: any) => p.name === 'limit')).toMatchObject({ in: 'query', required: false });
    expect(search.security).toEqual([{ api_key: [] }]);
  });

  it("names, for every route of the role × route matrix, the permission the matrix proves it enforces", () => {
    const rows = [...MUTATING_ROUTES, ...GUARDED_READS].filter((row) => !OTHER_SERVICES.test(row.path));
    expect(rows.length).toBeGreaterThan(80);
    const byShape = new Map<string, any>();
    for (const [path, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops as object)) byShape.set(`${method.toUpperCase()} ${shape(path)}`, op);
    for (const row of rows) {
      const op = byShape.get(`${row.method} ${shape(row.path)}`);
      expect(op, `${row.method} ${row.path} is not in the document`).toBeDefined();
      expect(op['x-permission'], `${row.method} ${row.path}`).toBe(row.action ?? undefined);
    }
  });
});
