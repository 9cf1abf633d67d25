import { describe, expect, it } from 'vitest';
import { MemoryCacheStore } from './memory-cache.ts';

const body = (bytes: number) => new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/gif' } });

describe('the in-memory cache store', () => {
  it('answers a copy until the lifetime ends', async () => {
    let now = 0;
    const store = new MemoryCacheStore({ maxBytes: 1_000, maxEntries: 10 }, () => now);
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
    const store = new MemoryCacheStore({ maxBytes: 100, maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) await store.put(key, body(20), { ttlSeconds: 60, tags: [] });
    await store.match('a');
    await store.put('d', body(20), { ttlSeconds: 60, tags: [] });
    expect(await store.match('b')).toBeUndefined();
    await store.put('e', body(70), { ttlSeconds: 60, tags: [] });
    expect(store.size.bytes).toBeLessThanOrEqual(100);
    expect(await store.match('e')).toBeDefined();
    await store.put('huge', body(101), { ttlSeconds: 60, tags: [] });
    expect(await store.match('huge')).toBeUndefined();
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
});
