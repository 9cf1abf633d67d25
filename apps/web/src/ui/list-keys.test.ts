import { describe, expect, it } from 'vitest';
import { occurrenceKeys } from './list-keys.ts';

describe('occurrenceKeys', () => {
  it('keys each item by its id, and a repeat by its occurrence', () => {
    expect(occurrenceKeys(['a', 'b', 'a', 'a'], (x) => x)).toEqual(['a', 'b', 'a#2', 'a#3']);
  });

  it('keeps an item its key when the others move', () => {
    const before = occurrenceKeys([{ id: 'x' }, { id: 'y' }, { id: 'z' }], (item) => item.id);
    const after = occurrenceKeys([{ id: 'z' }, { id: 'x' }, { id: 'y' }], (item) => item.id);
    expect(after).toEqual([before[2], before[0], before[1]]);
  });
});
