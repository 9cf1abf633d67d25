import { describe, expect, it } from 'vitest';
import { createRecentSearches, RECENT_SEARCHES_MAX } from './recent-searches.ts';

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('recent searches', () => {
  it('keeps the newest first, once each (any case), up to the limit', () => {
    const recent = createRecentSearches(memoryStorage());
    for (const term of ['cats', 'dogs', 'Cats', ' pizza ', '']) recent.add(term);
    expect(recent.list()).toEqual(['pizza', 'Cats', 'dogs']);
    for (let i = 0; i < 10; i++) recent.add(`t${i}`);
    expect(recent.list()).toHaveLength(RECENT_SEARCHES_MAX);
  });

  it('survives unreadable storage and works without any', () => {
    const broken = { getItem: () => '{not json', setItem: () => {} };
    expect(createRecentSearches(broken).list()).toEqual([]);
    const none = createRecentSearches(null);
    none.add('x');
    expect(none.list()).toEqual(['x']);
  });
});
