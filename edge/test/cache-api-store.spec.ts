import { describe, expect, it } from 'vitest';
import { CacheApiStore } from '../src/stores/cache-api.ts';

describe('the Cache API store', () => {
  it('remembers the tags of at most its bytes of keys, and purges the keys it remembers', async () => {
    const maxBytes = 64 * 1024;
    const store = new CacheApiStore(caches.open(`tags-${crypto.randomUUID()}`), { maxKeys: 10_000, maxBytes });
    const keyOf = (i: number) => `https://edge.example/v1/gifs?ids=${'x'.repeat(3_000)}-${i}`;
    for (let i = 0; i < 100; i++) await store.put(keyOf(i), new Response(`gif ${i}`), { ttlSeconds: 60, tags: ['all', `gif:${i}`] });
    expect(store.remembered.bytes).toBeLessThanOrEqual(maxBytes);
    expect(store.remembered.keys).toBeLessThan(100);
    expect(await (await store.match(keyOf(99)))?.text()).toBe('gif 99');
    await store.purge(['gif:99']);
    expect(await store.match(keyOf(99))).toBeUndefined();
    expect(store.remembered.keys).toBe(Math.floor(maxBytes / (keyOf(99).length + 'all'.length + 'gif:99'.length)) - 1);
  });
});
