import { describe, expect, it } from 'vitest';
import { csrfToken } from './backend.ts';

describe('csrfToken', () => {
  it('reads the csrftoken cookie among others, and nothing when signed out', () => {
    expect(csrfToken('theme=dark; csrftoken=abc_DEF-123; other=x')).toBe('abc_DEF-123');
    expect(csrfToken('csrftoken=a%3Db')).toBe('a=b');
    expect(csrfToken('xcsrftoken=nope; theme=dark')).toBeUndefined();
    expect(csrfToken('')).toBeUndefined();
  });
});
