import { describe, expect, it } from 'vitest';
import { nextActive, suggestionGroups } from './suggestions.ts';

describe('search suggestions', () => {
  it('completes tags while typing, offers recent then trending searches when empty', () => {
    expect(suggestionGroups({ prefix: 'ca', completions: ['cat', 'cake'], recent: ['dogs'], trending: ['x'] })).toEqual([
      { kind: 'completions', label: 'Tags', terms: ['cat', 'cake'] },
    ]);
    expect(suggestionGroups({ prefix: 'zz', completions: [], recent: ['dogs'], trending: [] })).toEqual([]);
    expect(suggestionGroups({ prefix: '', completions: [], recent: ['Dogs'], trending: ['dogs', 'pizza'] })).toEqual([
      { kind: 'recent', label: 'Recent searches', terms: ['Dogs'] },
      { kind: 'trending', label: 'Trending searches', terms: ['pizza'] },
    ]);
  });

  it('moves the active suggestion with the arrows, through the input at both ends', () => {
    expect([nextActive(-1, 1, 3), nextActive(0, 1, 3), nextActive(2, 1, 3)]).toEqual([0, 1, -1]);
    expect([nextActive(-1, -1, 3), nextActive(0, -1, 3), nextActive(2, -1, 3)]).toEqual([2, -1, 1]);
    expect(nextActive(-1, 1, 0)).toBe(-1);
  });
});
