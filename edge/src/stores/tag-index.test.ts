import { describe, expect, it } from 'vitest';
import { TagIndex } from './tag-index.ts';

describe('the tag index', () => {
  it('holds at most its bytes of keys and tags, forgetting the oldest keys', () => {
    const maxBytes = 256 * 1024;
    const index = new TagIndex({ maxKeys: 10_000, maxBytes });
    const keyOf = (i: number) => `https://edge.example/v1/gifs?ids=${'x'.repeat(15_000)}-${i}`;
    for (let i = 0; i < 1_000; i++) index.add(keyOf(i), ['all', `gif:${i}`]);
    expect(index.size.bytes).toBeLessThanOrEqual(maxBytes);
    expect(index.size.keys).toBe(Math.floor(maxBytes / (keyOf(999).length + 'all'.length + 'gif:999'.length)));
    expect(index.keysTagged(['gif:999'])).toEqual([keyOf(999)]);
    expect(index.keysTagged(['gif:0'])).toEqual([]);
    index.remove(keyOf(999));
    expect(index.keysTagged(['gif:999'])).toEqual([]);
  });

  it('holds at most its number of keys', () => {
    const index = new TagIndex({ maxKeys: 2, maxBytes: Number.POSITIVE_INFINITY });
    for (const key of ['a', 'b', 'c']) index.add(key, ['all']);
    expect(index.keysTagged(['all'])).toEqual(['b', 'c']);
    expect(index.size).toEqual({ keys: 2, bytes: 2 + 2 * 'all'.length });
  });
});
