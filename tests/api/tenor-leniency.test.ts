/**
 * The Tenor-compatible API against what Tenor's and KLIPY's v2 documentation show and what apps that
 * moved from Tenor to KLIPY send (issue 34): the documented example calls, the gifgrep CLI's KLIPY
 * search, the values Tenor tolerated (unknown format names, search filters, aspect ranges, locales),
 * the values still refused in Tenor's error object, and every documented parameter in /openapi.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENOR_FORMAT_NAMES, TENOR_FORMATS } from '../../apps/server/src/tenor/media-formats.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';
import { tenorGet } from '../support/tenor.ts';

interface TenorResult {
  id: string;
  media_formats: Record<string, { url: string; dims: [number, number]; size: number; preview: string }>;
  flags: string[];
}

/** What gifgrep sends to KLIPY's v2 search (gifgrep.com/providers/klipy.html). */
const GIFGREP_FORMATS = ['gif', 'tinygif', 'mediumgif', 'nanogif', 'preview'];
/** A KLIPY picker's list: Tenor's GIF, mp4 and webm families together; we make no webm. */
const KLIPY_PICKER_FILTER = 'gif,tinygif,nanogif,tinymp4,preview,nanowebm,nanomp4,webm,tinywebm,mp4,mediumgif,loopedmp4';
/** What KLIPY's Tenor-compatible clients add to every call (klipy_dart: country and locale). */
const MARKET = 'client_key=my_test_app&country=US&locale=en_US';

const ids = (results: TenorResult[]) => results.map((r) => r.id);
const formatsOf = (results: TenorResult[]) => [...new Set(results.flatMap((r) => Object.keys(r.media_formats)))].sort();

describe.each(storeKinds())('Tenor and KLIPY v2 conformance and leniency (%s)', (kind) => {
  let server: TestServer;
  let gifId: string;
  const tenor = (pathAndQuery: string) => tenorGet(server, pathAndQuery);

  beforeAll(async () => {
    server = await startTestServer(kind);
    gifId = (await tenor('search?q=cat&limit=1')).body.results[0].id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The calls of Tenor's endpoint guide (with KLIPY's market parameters), each with the answer's shape. */
  const documented: [string, (body: any) => void][] = [
    [`search?q=cat&${MARKET}&limit=8`, (b) => expect(b).toEqual({ results: expect.any(Array), next: expect.any(String) })],
    [`search?q=cat&${MARKET}&limit=8&random=true`, (b) => expect(b.results.length).toBeGreaterThan(0)],
    [
      `search?q=sticker&${MARKET}&searchfilter=sticker&media_filter=tinygif_transparent&limit=4`,
      (b) => expect(b.results.length).toBeGreaterThan(0),
    ],
    [`featured?${MARKET}&limit=8`, (b) => expect(b).toEqual({ results: expect.any(Array), next: '8' })],
    [
      `featured?${MARKET}&media_filter=gif,tinygif,mp4,tinymp4&ar_range=standard&contentfilter=high`,
      (b) => expect(b.next).toEqual(expect.any(String)),
    ],
    [`categories?${MARKET}`, (b) => expect(b).toEqual({ locale: 'en', tags: expect.any(Array) })],
    [`categories?${MARKET}&type=trending&contentfilter=medium`, (b) => expect(b.tags.length).toBeGreaterThan(0)],
    [`search_suggestions?q=cat&${MARKET}&limit=5`, (b) => expect(b.results.length).toBeLessThanOrEqual(5)],
    [`autocomplete?q=ca&${MARKET}&limit=5`, (b) => expect(b.results.every((t: string) => t.startsWith('ca'))).toBe(true)],
    [`trending_terms?${MARKET}&limit=10`, (b) => expect(b.results.every((t: unknown) => typeof t === 'string')).toBe(true)],
    [`registershare?id={gif}&${MARKET}&q=cat`, (b) => expect(b).toEqual({ status: 'ok' })],
    [`posts?ids={gif}&${MARKET}&media_filter=gif`, (b) => expect(formatsOf(b.results)).toEqual(['gif'])],
  ];

  it.each(documented)('answers the documented call %s in Tenor’s shape', async (call, check) => {
    const { status, body } = await tenor(call.replace('{gif}', gifId));
    expect(status, JSON.stringify(body)).toBe(200);
    check(body);
  });

  it('answers gifgrep’s KLIPY search with the five formats it asks for, at contentfilter=low’s rating', async () => {
    const { status, body } = await tenor(`search?q=cat&limit=10&contentfilter=low&media_filter=${GIFGREP_FORMATS.join(',')}`);
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(formatsOf(body.results)).toEqual([...GIFGREP_FORMATS].sort());
    const giphy = await server.get('/v1/gifs/search?q=cat&limit=10&rating=pg-13');
    expect(ids(body.results)).toEqual(giphy.body.data.map((g: { id: string }) => g.id));
    const [first] = body.results as TenorResult[];
    const preview = first!.media_formats.preview!;
    expect(preview.dims).toEqual(first!.media_formats.gif!.dims);
    expect(preview.url).toBe(first!.media_formats.gif!.preview);
    const file = await fetch(preview.url);
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect((await file.arrayBuffer()).byteLength).toBe(preview.size);
  });

  /** Values Tenor tolerated, each with what it must answer like. */
  const tolerated: [string, string, (b: any, plain: any) => void][] = [
    ['unknown and webm names are ignored', 'media_filter=gif,webm,hd,sm,xs', (b) => expect(formatsOf(b.results)).toEqual(['gif'])],
    [
      'a KLIPY picker’s list keeps what we serve',
      `media_filter=${KLIPY_PICKER_FILTER}`,
      (b) =>
        expect(formatsOf(b.results)).toEqual([
          'gif',
          'loopedmp4',
          'mediumgif',
          'mp4',
          'nanogif',
          'nanomp4',
          'preview',
          'tinygif',
          'tinymp4',
        ]),
    ],
    [
      'a list of nothing we serve gives every format',
      'media_filter=webm,tinywebm,md',
      (b, plain) => expect(formatsOf(b.results)).toEqual(formatsOf(plain.results)),
    ],
    ['format names in any case', 'media_filter=GIF,%20TinyGif', (b) => expect(formatsOf(b.results)).toEqual(['gif', 'tinygif'])],
    ['an unknown aspect range', 'ar_range=tall', (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['an unknown search filter item', 'searchfilter=animated', (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['-static, as nothing here is still', 'searchfilter=-static', (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['static, which finds no still image here', 'searchfilter=static', (b) => expect(b).toEqual({ results: [], next: '' })],
    ['a locale that is no language tag', 'locale=english', (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['a locale with a hyphen and a region', 'locale=pt-BR', (b) => expect(b.results).toEqual(expect.any(Array))],
    ['a country that is no country code', 'country=USA', (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['Python’s True for random', 'random=True', (b, plain) => expect(ids(b.results).sort()).toEqual(ids(plain.results).sort())],
    ['a long client_key', `client_key=${'a'.repeat(300)}`, (b, plain) => expect(ids(b.results)).toEqual(ids(plain.results))],
    ['contentfilter in capitals', 'contentfilter=LOW', (b) => expect(b.results.length).toBeGreaterThan(0)],
  ];

  it.each(tolerated)('tolerates %s (search?%s)', async (_name, extra, check) => {
    const plain = await tenor('search?q=cat&limit=10');
    const { status, body } = await tenor(`search?q=cat&limit=10&${extra}`);
    expect(status, JSON.stringify(body)).toBe(200);
    check(body, plain.body);
  });

  it('tolerates an unknown category type as featured', async () => {
    const odd = await tenor('categories?type=popular');
    expect(odd.status).toBe(200);
    expect(odd.body).toEqual((await tenor('categories')).body);
  });

  /** What is truly invalid: a 400 in Tenor's error object naming the parameter. */
  const refused: [string, RegExp][] = [
    ['search?q=cat&limit=0', /^limit must be an integer from 1 to 50/],
    ['search?q=cat&limit=twenty', /^limit must be an integer from 1 to 50/],
    ['featured?limit=51', /^limit must be an integer from 1 to 50/],
    ['featured?pos=CAgQpIKDqM', /^pos must be a value of next/],
    ['search?q=cat&contentfilter=strict', /^contentfilter must be one of off, low, medium, high/],
    ['categories?contentfilter=none', /^contentfilter must be one of/],
    ['search?q=cat&random=maybe', /^random must be true or false/],
    ['search?limit=5', /^q/],
    ['search_suggestions?q=cat&limit=51', /^limit must be an integer from 1 to 50/],
    ['autocomplete', /^q/],
    ['trending_terms?limit=-1', /^limit must be an integer from 1 to 50/],
    ['registershare?q=cat', /^id/],
    ['posts?media_filter=gif', /^ids is required/],
  ];

  it.each(refused)('refuses %s in Tenor’s error object', async (call, message) => {
    const { status, body } = await tenor(call);
    expect([status, body.error.code, body.error.status]).toEqual([400, 400, 'INVALID_ARGUMENT']);
    expect(body.error.message).toMatch(message);
  });

  it('serves Tenor’s transparent formats for stickers only, from the sticker’s own gif and webp', async () => {
    const transparent = TENOR_FORMAT_NAMES.filter((name) => 'sticker' in TENOR_FORMATS[name]);
    const stickers = await tenor(`search?q=sticker&searchfilter=sticker&limit=3&media_filter=${transparent.join(',')}`);
    expect(stickers.body.results.length).toBeGreaterThan(0);
    for (const result of stickers.body.results as TenorResult[]) {
      expect(result.flags).toContain('sticker');
      expect(Object.keys(result.media_formats).sort()).toEqual([...transparent].sort());
    }
    const [sticker] = stickers.body.results as TenorResult[];
    expect((await fetch(sticker!.media_formats.gif_transparent!.url)).headers.get('content-type')).toBe('image/gif');
    expect((await fetch(sticker!.media_formats.tinywebp_transparent!.url)).headers.get('content-type')).toBe('image/webp');
    expect(sticker!.media_formats.tinygif_transparent!.dims[0]).toBe(200);
    const gifs = await tenor('search?q=cat&limit=3&media_filter=gif_transparent');
    expect(gifs.body.results.length).toBeGreaterThan(0);
    expect(gifs.body.results.every((r: TenorResult) => Object.keys(r.media_formats).length === 0)).toBe(true);
  });

  it('documents every parameter of Tenor’s and KLIPY’s v2 guides in /openapi.json, each described', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as any;
    const market = ['client_key', 'country', 'locale'];
    const listing = ['contentfilter', 'media_filter', 'ar_range', 'searchfilter', 'random', 'limit', 'pos', ...market];
    const expected: Record<string, string[]> = {
      search: ['q', ...listing],
      featured: listing,
      categories: ['type', 'contentfilter', ...market],
      search_suggestions: ['q', 'limit', ...market],
      autocomplete: ['q', 'limit', ...market],
      trending_terms: ['limit', ...market],
      registershare: ['id', 'q', ...market],
      posts: ['ids', 'media_filter', ...market],
    };
    for (const [call, names] of Object.entries(expected)) {
      const parameters = doc.paths[`/tenor/v2/${call}`].get.parameters as { name: string; description?: string }[];
      expect(parameters.map((p) => p.name).sort(), call).toEqual([...names].sort());
      for (const p of parameters) expect(p.description, `${call} ${p.name}`).toMatch(/\S{3}/);
    }
  });
});
