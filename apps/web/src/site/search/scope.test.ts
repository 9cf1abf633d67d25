import { describe, expect, it } from 'vitest';
import { scopeOf } from './scope.ts';

describe('scoped searches', () => {
  it('reads @name and the rest of the term', () => {
    expect(scopeOf('@studio_sunny happy cats')).toEqual({ name: 'studio_sunny', rest: 'happy cats' });
    expect(scopeOf('@foodie-fran')).toEqual({ name: 'foodie-fran', rest: '' });
    expect(scopeOf('cats @x')).toBeUndefined();
    expect(scopeOf('@ cats')).toBeUndefined();
  });
});
