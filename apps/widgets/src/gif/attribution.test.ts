import { describe, expect, it } from 'vitest';
import { attributionOf } from './attribution.tsx';

const base = { is_public: true, suppress_chrome: false, username: 'NewsRoom' };

describe('attribution display rules (SPEC 5)', () => {
  it('shows only public users who do not suppress chrome', () => {
    expect(attributionOf(base)).toBeDefined();
    expect(attributionOf({ ...base, is_public: false })).toBeUndefined();
    expect(attributionOf({ ...base, suppress_chrome: true })).toBeUndefined();
    expect(attributionOf({ username: 'x' })).toBeUndefined();
    expect(attributionOf(undefined)).toBeUndefined();
  });

  it('falls back from attribution_display_name to display_name to username', () => {
    expect(attributionOf({ ...base, attribution_display_name: 'A', display_name: 'D' })?.name).toBe('A');
    expect(attributionOf({ ...base, attribution_display_name: '', display_name: 'D' })?.name).toBe('D');
    expect(attributionOf(base)?.name).toBe('NewsRoom');
  });

  it('lowercases the @handle and flags verified users', () => {
    expect(attributionOf(base)).toEqual({ name: 'NewsRoom', handle: '@newsroom', verified: false });
    expect(attributionOf({ ...base, is_verified: true })?.verified).toBe(true);
  });
});
