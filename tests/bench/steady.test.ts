import { describe, expect, it } from 'vitest';
import { isSteady } from './api-bench.ts';

describe('bench warm-up: isSteady', () => {
  it('needs three passes within 10 % of the smallest', () => {
    expect(isSteady([])).toBe(false);
    expect(isSteady([0.36, 0.37])).toBe(false);
    expect(isSteady([0.36, 0.37, 0.39])).toBe(true);
    expect(isSteady([0.36, 0.37, 0.4])).toBe(false);
  });

  it('does not call a slow decay steady, only where it settles', () => {
    const decay = [1.9, 0.94, 0.81, 0.36, 0.35, 0.37];
    expect(decay.map((_, i) => isSteady(decay.slice(0, i + 1)))).toEqual([false, false, false, false, false, true]);
  });
});
