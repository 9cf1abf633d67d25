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

/** Matrix rows the document does not cover: the site's pages. */
const SITE_PAGES = /^\/(dashboard|upload)\b/;
/** A matrix row's path as a request would send it (each `{name}` a value), without its query. */
const concrete = (path: string) => path.split('?')[0]!.replace(/\{[^}]+\}/g, 'v1');
/** A document path as a pattern its requests match. */
const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);

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
    expect(doc.servers).toEqual([{ url: server.baseUrl }]);
    const ids = Object.values(doc.paths).flatMap((ops: any) => Object.values(ops).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
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

  it('has a matrix row for every route it documents as answering 201 or 202, so the matrix checks its meta.status', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as object).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as any })),
    );
    const created = operations.filter((o) => Object.keys(o.op.responses ?? {}).some((s) => s === '201' || s === '202'));
    expect(created.length).toBeGreaterThan(10);
    const rows = [...MUTATING_ROUTES, ...GUARDED_READS];
    // One handler at two paths (channels/tag-routes.ts): the matrix calls it at the first.
    const sameHandler: Record<string, string> = {
      'POST /api/v4/channel-ranked-tags/{id}/': '/api/v4/channel-ranked-tags/',
      'POST /api/v4/channel-magic-tags/{id}/': '/api/v4/channel-magic-tags/',
    };
    const uncovered = created
      .filter(
        (o) =>
          !rows.some(
            (row) =>
              row.method === o.method &&
              String(row.ok) in o.op.responses &&
              pattern(sameHandler[`${o.method} ${o.path}`] ?? o.path).test(concrete(row.path)),
          ),
      )
      .map((o) => `${o.method} ${o.path}`);
    expect(uncovered).toEqual([]);
  });

  it('has a matrix row for every change a permission guards, so each is proved for every role and a refusal changes nothing', () => {
    const changes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as object)
        .filter(([method, op]) => method !== 'get' && (op as any)['x-permission'])
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    expect(changes.length).toBeGreaterThan(60);
    const uncovered = changes
      .filter(({ method, path }) => !MUTATING_ROUTES.some((row) => row.method === method && pattern(path).test(concrete(row.path))))
      .map(({ method, path }) => `${method} ${path}`);
    expect(uncovered).toEqual([]);
  });

  it('names, for every route of the role × route matrix, the permission the matrix proves it enforces', () => {
    const rows = [...MUTATING_ROUTES, ...GUARDED_READS].filter((row) => !SITE_PAGES.test(row.path));
    expect(rows.length).toBeGreaterThan(80);
    const mismatches: string[] = [];
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as object).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    for (const row of rows) {
      // The most specific documented path the request matches (fewest parameters).
      const op = operations
        .filter((o) => o.method === row.method && pattern(o.path).test(concrete(row.path)))
        .sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0]?.op;
      if (!op) mismatches.push(`${row.method} ${row.path} is not in the document`);
      else if (![op['x-permission'], ...(op['x-also-permissions'] ?? [])].includes(row.action ?? undefined))
        mismatches.push(`${row.method} ${row.path}: documented ${op['x-permission']}, enforces ${row.action}`);
    }
    expect(mismatches).toEqual([]);
  });
});
