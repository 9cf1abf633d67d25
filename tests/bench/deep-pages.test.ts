import { describe, expect, it } from 'vitest';
import { deepSearchPage } from './deep-pages.ts';

const words = Array.from({ length: 20 }, (_, w) => `word${w}`);
const pageOf = (path: string) => {
  const url = new URL(path, 'http://x');
  return { word: url.searchParams.get('q')!, offset: Number(url.searchParams.get('offset')) };
};

describe('bench: deep search pages', () => {
  it('asks only full pages past offset 1,000, within each word’s matches and the ranked 5,049', () => {
    const totals = words.map((_, w) => (w === 0 ? 28_185 : 1_100 + w * 200));
    const page = deepSearchPage(words, totals);
    for (let i = 0; i < 20_000; i++) {
      const { word, offset } = pageOf(page(i));
      const total = totals[words.indexOf(word)]!;
      expect(offset).toBeGreaterThanOrEqual(1000);
      expect(offset + 25).toBeLessThanOrEqual(Math.min(total, 5049));
    }
  });

  it('spreads each word’s pages over its span and goes round the words in turn', () => {
    const page = deepSearchPage(
      words,
      words.map(() => 1_525),
    );
    const offsets = new Set(Array.from({ length: 10_000 }, (_, i) => pageOf(page(i * 20)).offset));
    expect(offsets.size).toBe(501);
    expect(Array.from({ length: 40 }, (_, i) => pageOf(page(i)).word)).toEqual([...words, ...words]);
  });

  it('refuses a word with too few matches for a page past offset 1,000', () => {
    expect(() =>
      deepSearchPage(
        words,
        words.map((_, w) => (w === 3 ? 1_020 : 5_000)),
      ),
    ).toThrow('"word3" has 1020 matches');
  });
});
