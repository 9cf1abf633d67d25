import { describe, expect, it } from 'vitest';
import { flatten, isWithin, moveFor, placeAt, type TreeNode } from './tree.ts';

const node = (id: number, parent: number | null, children: TreeNode[] = []): TreeNode => ({
  id,
  parent,
  display_name: `c${id}`,
  slug: `c${id}`,
  children,
});
const roots = [node(1, null, [node(2, 1, [node(4, 2)]), node(3, 1)]), node(5, null)];
const rows = flatten(roots);
const row = (id: number) => rows.find((r) => r.node.id === id)!;

describe('channel tree moves', () => {
  it('flattens depth first with depth and sibling index', () => {
    expect(rows.map((r) => [r.node.id, r.depth, r.index])).toEqual([
      [1, 0, 0],
      [2, 1, 0],
      [4, 2, 0],
      [3, 1, 1],
      [5, 0, 1],
    ]);
  });
  it('never moves a channel into its own subtree', () => {
    expect(isWithin(roots, 2, 4)).toBe(true);
    expect(moveFor(roots, row(2), row(4), 'into')).toBeUndefined();
    expect(moveFor(roots, row(1), row(3), 'before')).toBeUndefined();
  });
  it('moves into a channel as its last child, and before or after a sibling', () => {
    expect(moveFor(roots, row(5), row(2), 'into')).toEqual({ target_channel: 2, position: 1 });
    expect(moveFor(roots, row(3), row(2), 'before')).toEqual({ target_channel: 1, position: 0 });
    expect(moveFor(roots, row(2), row(3), 'after')).toEqual({ target_channel: 1, position: 1 });
    expect(moveFor(roots, row(2), row(3), 'before')).toBeUndefined();
    expect(moveFor(roots, row(4), row(5), 'after')).toEqual({ target_channel: null, position: 2 });
  });
  it('reads the drop place from the pointer height', () => {
    expect([placeAt(2, 30), placeAt(15, 30), placeAt(28, 30)]).toEqual(['before', 'into', 'after']);
  });
});
