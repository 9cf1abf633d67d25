import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CACHE_ENTRY_OVERHEAD_BYTES } from '../constants.ts';
import { MemoryCacheStore } from './memory-cache.ts';

const body = (bytes: number) => new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/gif' } });
const asking = (headers: Record<string, string>) => new Request('http://edge.test/v1/gifs/search?q=cat', { headers });
const ANSWER = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `gif${i}`, title: 'a cat dancing in the rain' })) });
const headerBytes = (headers: Headers) =>
  [...headers].reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value), 0);
/** What an entry of `key` answering `response` (as the store hands it back) counts against the bound, with `body` bytes. */
const entryBytes = (key: string, response: Response, body: number, tags: string[] = []) =>
  CACHE_ENTRY_OVERHEAD_BYTES +
  Buffer.byteLength(key) +
  headerBytes(response.headers) +
  body +
  tags.reduce((sum, tag) => sum + Buffer.byteLength(tag), 0);

describe('the in-memory cache store', () => {
  it('answers a copy until the lifetime ends', async () => {
    let now = 0;
    const store = new MemoryCacheStore({ maxBytes: 10_000, maxEntries: 10 }, () => now);
    await store.put('k', body(10), { ttlSeconds: 60, tags: [] });
    const hit = await store.match('k');
    expect(hit?.headers.get('Content-Type')).toBe('image/gif');
    expect((await hit?.arrayBuffer())?.byteLength).toBe(10);
    expect(await store.match('k')).toBeDefined();
    now = 60_000;
    expect(await store.match('k')).toBeUndefined();
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('evicts the least recently used entries past its entry and byte bounds', async () => {
    const one = entryBytes('a', body(0), 20);
    const maxBytes = 5 * one;
    const store = new MemoryCacheStore({ maxBytes, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await store.put(key, body(20), { ttlSeconds: 60, tags: [] });
    expect(store.size).toEqual({ entries: 3, bytes: 3 * one });
    await store.match('a');
    await store.put('d', body(20), { ttlSeconds: 60, tags: [] });
    expect(await store.match('b')).toBeUndefined();
    await store.put('e', body(3 * one), { ttlSeconds: 60, tags: [] });
    expect(store.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(await store.match('e')).toBeDefined();
    await store.put('huge', body(maxBytes), { ttlSeconds: 60, tags: [] });
    expect(await store.match('huge')).toBeUndefined();
  });

  it('counts keys, headers and tags against its byte bound: entries with 15 KB keys stay within it', async () => {
    const maxBytes = 1024 * 1024;
    const store = new MemoryCacheStore({ maxBytes, maxEntries: 10_000 });
    const keyOf = (i: number) => `https://edge.example/v1/gifs/trending?junk=${'j'.repeat(15_000)}&n=${i}`;
    for (let i = 0; i < 1_000; i++) await store.put(keyOf(i), body(10), { ttlSeconds: 60, tags: ['all', `gif:${i}`] });
    const each = entryBytes(keyOf(999), body(0), 10, ['all', 'gif:999']);
    expect(each).toBeGreaterThan(15_000);
    expect(store.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(store.size.entries).toBe(Math.floor(maxBytes / each));
    expect(await store.match(keyOf(999))).toBeDefined();
    expect(await store.match(keyOf(0))).toBeUndefined();
  });

  it('purges exactly the entries carrying a purged tag', async () => {
    const store = new MemoryCacheStore();
    await store.put('list', body(1), { ttlSeconds: 60, tags: ['all', 'gif:a', 'gif:b'] });
    await store.put('one', body(1), { ttlSeconds: 60, tags: ['all', 'gif:b'] });
    await store.put('other', body(1), { ttlSeconds: 60, tags: ['all', 'gif:c'] });
    await store.purge(['gif:a']);
    expect([await store.match('list'), await store.match('one'), await store.match('other')].map(Boolean)).toEqual([false, true, true]);
    await store.purge(['all']);
    expect(store.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps a gzipped copy of a text answer for the clients that prefer it', async () => {
    const store = new MemoryCacheStore();
    await store.put('k', new Response(ANSWER, { headers: { 'Content-Type': 'application/json', ETag: '"v1"', Vary: 'Origin' } }), {
      ttlSeconds: 60,
      tags: [],
    });
    await store.compressing;
    const zipped = await store.match('k', asking({ 'Accept-Encoding': 'gzip, deflate, br' }));
    const bytes = new Uint8Array(await zipped!.arrayBuffer());
    expect(zipped!.headers.get('Content-Encoding')).toBe('gzip');
    expect(zipped!.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    expect(zipped!.headers.get('ETag')).toBe('"v1-gzip"');
    expect(zipped!.headers.get('Vary')).toBe('Origin, Accept-Encoding');
    expect(gunzipSync(bytes).toString()).toBe(ANSWER);
    expect(bytes.byteLength).toBeLessThan(ANSWER.length / 5);
    expect(store.size.bytes).toBe(
      entryBytes('k', (await store.match('k'))!, ANSWER.length) + headerBytes(zipped!.headers) + bytes.byteLength,
    );
    // No preference for gzip, gzip refused, or a range or validator (they name the identity bytes): the answer as it came.
    for (const headers of [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'gzip;q=0, br' },
      { 'Accept-Encoding': 'gzip', Range: 'bytes=0-9' },
      { 'Accept-Encoding': 'gzip', 'If-None-Match': '"v1"' },
    ] as Record<string, string>[]) {
      const plain = await store.match('k', asking(headers));
      expect(plain!.headers.get('Content-Encoding')).toBeNull();
      expect(plain!.headers.get('ETag')).toBe('"v1"');
      expect(plain!.headers.get('Vary')).toBe('Origin, Accept-Encoding');
      expect(await plain!.text()).toBe(ANSWER);
    }
    await store.purge(['all']);
  });

  it('keeps media, small answers and encoded ones only as they came', async () => {
    const store = new MemoryCacheStore();
    await store.put('gif', body(5_000), { ttlSeconds: 60, tags: [] });
    await store.put('small', new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } }), {
      ttlSeconds: 60,
      tags: [],
    });
    await store.put('encoded', new Response(ANSWER, { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br' } }), {
      ttlSeconds: 60,
      tags: [],
    });
    await store.compressing;
    for (const key of ['gif', 'small']) {
      const answer = await store.match(key, asking({ 'Accept-Encoding': 'gzip' }));
      expect(answer!.headers.get('Content-Encoding')).toBeNull();
      expect(answer!.headers.get('Vary')).toBeNull();
    }
    expect((await store.match('encoded', asking({ 'Accept-Encoding': 'gzip' })))!.headers.get('Content-Encoding')).toBe('br');
    const kept = await Promise.all(['gif', 'small', 'encoded'].map(async (key) => [key, (await store.match(key))!] as const));
    expect(store.size.bytes).toBe(
      kept.reduce((sum, [key, answer]) => sum + entryBytes(key, answer, 0), 0) + 5_000 + '{"data":[]}'.length + ANSWER.length,
    );
  });

  it('drops a gzipped copy that finishes after its entry was replaced or purged', async () => {
    const store = new MemoryCacheStore();
    const json = (text: string) => new Response(text, { headers: { 'Content-Type': 'application/json' } });
    await store.put('k', json(ANSWER), { ttlSeconds: 60, tags: ['gif:a'] });
    await store.purge(['gif:a']);
    await store.put('k', json(`${ANSWER} `), { ttlSeconds: 60, tags: [] });
    await store.compressing;
    const zipped = await store.match('k', asking({ 'Accept-Encoding': 'gzip' }));
    expect(gunzipSync(new Uint8Array(await zipped!.arrayBuffer())).toString()).toBe(`${ANSWER} `);
    await store.put('gone', json(ANSWER), { ttlSeconds: 60, tags: ['gif:b'] });
    await store.purge(['gif:b']);
    await store.compressing;
    expect(store.size.entries).toBe(1);
    const plain = (await store.match('k'))!;
    expect(store.size.bytes).toBe(
      entryBytes('k', plain, ANSWER.length + 1) + headerBytes(zipped!.headers) + Number(zipped!.headers.get('Content-Length')),
    );
  });
});
