/**
 * The edge keys cached answers by the query parameters each path is answered by
 * (edge/src/cache-key-params.ts) and ignores the rest, so that list must name every parameter the
 * server reads: one it missed would let a single cached answer stand for requests the server answers
 * differently. The server documents the parameters its handlers parse with (/openapi.json); this
 * holds the edge's list to that document, for every GET the edge may cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKeyParams } from '../../edge/src/cache-key-params.ts';
import { NEVER_CACHED_PATH, PER_USER_PARAMS } from '../../edge/src/constants.ts';
import { routeFor } from '../../edge/src/routes.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** A document path as a request would send it: `{type}` a content type, any other parameter a value. */
const concrete = (path: string) => path.replace('{type}', 'stickers').replace(/\{[^}]+\}/g, 'abc123');

describe("the edge's cache-key parameters", () => {
  let server: TestServer;
  let doc: { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };
  beforeAll(async () => {
    server = await startTestServer('pglite');
    const res = await fetch(`${server.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
  });
  afterAll(() => server?.close());

  it('name every query parameter the server documents on each GET the edge may cache', () => {
    const cached = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.get && routeFor(concrete(path)).ttlSeconds > 0 && !NEVER_CACHED_PATH.test(concrete(path)))
      .map(([path, ops]) => ({ path, query: (ops.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name) }));
    expect(cached.length).toBeGreaterThan(25);
    const missing: string[] = [];
    for (const { path, query } of cached) {
      const route = routeFor(concrete(path));
      const listed = cacheKeyParams(concrete(path));
      if (listed === undefined && route.keyQuery === 'listed') missing.push(`${path}: not listed (never cached)`);
      const known = listed ?? [];
      for (const name of query)
        if (!known.includes(name) && !(PER_USER_PARAMS as readonly string[]).includes(name)) missing.push(`${path}: ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
