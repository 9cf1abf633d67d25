import { describe, expect, it } from 'vitest';
import { gridTileWidth, masonry } from './masonry.ts';

describe('masonry layout', () => {
  it('tile width is floor((width − gutter × (columns − 1)) / columns)', () => {
    expect(gridTileWidth(1000, 3, 6)).toBe(329);
    expect(gridTileWidth(624, 3, 6)).toBe(204);
    expect(gridTileWidth(300, 1, 6)).toBe(300);
    expect(gridTileWidth(10, 4, 6)).toBe(0);
  });

  it('puts each item in the shortest column, leftmost on a tie, counting gutters', () => {
    const heights: Record<string, number> = { a: 100, b: 50, c: 80, d: 10, e: 10 };
    const { columns, heights: totals } = masonry(['a', 'b', 'c', 'd', 'e'], 3, 6, (k) => heights[k]!);
    expect(columns).toEqual([['a'], ['b', 'd', 'e'], ['c']]);
    expect(totals).toEqual([100, 50 + 6 + 10 + 6 + 10, 80]);
  });

  it('never moves placed items when more are appended', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const height = (i: number) => 40 + ((i * 37) % 90);
    const before = masonry(items.slice(0, 20), 4, 6, height).columns;
    const after = masonry(items, 4, 6, height).columns;
    before.forEach((column, i) => {
      expect(after[i]!.slice(0, column.length)).toEqual(column);
    });
  });
});
