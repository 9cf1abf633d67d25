import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Any value a client might put in a parameter: numbers, words, junk, injection attempts, unicode. */
const value = fc.oneof(
  fc.integer({ min: -10, max: 6000 }).map(String),
  fc.constantFrom(
    '',
    ' ',
    'pg-13',
    'r',
    'true',
    '1',
    'NaN',
    '1e3',
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '<script>',
    '@',
    '@@',
    '@reactions',
    'a,b,,c',
  ),
  fc.string({ maxLength: 70 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const params = (names: string[]) => fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length });
const segment = fc.oneof(value, fc.constantFrom('gifs', 'stickers', 'text', 'reactions', 'happy')).map((v) => encodeURIComponent(v));

interface Endpoint {
  name: string;
  path: fc.Arbitrary<string>;
  query: string[];
  runs?: number;
}

const COMMON = ['limit', 'offset', 'rating', 'lang', 'pingback_id', 'random_id'];
const ENDPOINTS: Endpoint[] = [
  { name: 'search', path: segment.map((t) => `/v1/${t}/search`), query: ['q', 'excludeDynamicResults', ...COMMON], runs: 60 },
  { name: 'trending', path: segment.map((t) => `/v1/${t}/trending`), query: COMMON },
  { name: 'random', path: segment.map((t) => `/v1/${t}/random`), query: ['tag', ...COMMON] },
  { name: 'related', path: segment.map((t) => `/v1/${t}/related`), query: ['gif_id', ...COMMON] },
  { name: 'gif by id', path: segment.map((id) => `/v1/gifs/${id}`), query: COMMON },
  { name: 'gifs by ids', path: fc.constant('/v1/gifs'), query: ['ids', ...COMMON] },
  { name: 'associations', path: segment.map((id) => `/v1/gifs/${id}/associations`), query: COMMON },
  { name: 'categories', path: fc.constant('/v1/gifs/categories'), query: COMMON },
  { name: 'category', path: segment.map((c) => `/v1/gifs/categories/${c}`), query: COMMON },
  { name: 'subcategory', path: fc.tuple(segment, segment).map(([c, s]) => `/v1/gifs/categories/${c}/${s}`), query: COMMON },
  { name: 'emoji v1', path: fc.constant('/v1/emoji'), query: COMMON },
  { name: 'emoji v2', path: fc.constant('/v2/emoji'), query: COMMON },
  { name: 'emoji variations', path: segment.map((id) => `/v2/emoji/${id}/variations`), query: COMMON },
  { name: 'text animate', path: fc.constant('/v1/text/animate'), query: ['m', ...COMMON], runs: 8 },
  { name: 'channels search', path: fc.constant('/v1/channels/search'), query: ['q', ...COMMON] },
  { name: 'trending searches', path: fc.constant('/v1/trending/searches'), query: COMMON },
  { name: 'related tags', path: segment.map((t) => `/v1/tags/related/${t}`), query: ['score', ...COMMON] },
  { name: 'tag search', path: fc.constant('/v1/gifs/search/tags'), query: ['q', ...COMMON] },
  { name: 'videos search', path: fc.constant('/v1/videos/search'), query: ['q', ...COMMON] },
  { name: 'videos related', path: fc.constant('/v1/videos/related'), query: ['gif_id', ...COMMON] },
];

describe('public GIF API under arbitrary parameters', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(ENDPOINTS)('$name never fails with a 5xx, and every 4xx says why', async ({ path, query, runs }) => {
    await fc.assert(
      fc.asyncProperty(path, params(query), async (p, q) => {
        const url = new URL(p, server.baseUrl);
        for (const [k, v] of Object.entries(q)) url.searchParams.set(k, v);
        url.searchParams.set('api_key', server.webKey);
        const res = await fetch(url);
        const body = await res.json();
        expect(res.status, `${url}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof body.meta.msg).toBe('string');
          expect(body.meta.msg.length).toBeGreaterThan(3);
          expect(body.meta.status).toBe(res.status);
        } else {
          expect(body.meta.response_id).toMatch(/^[0-9a-f]{40}$/);
        }
      }),
      { numRuns: runs ?? 30, seed: 20261122 },
    );
  });
});
