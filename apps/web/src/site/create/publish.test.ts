import { describe, expect, it } from 'vitest';
import { scheduleProblem } from './publish.ts';

describe('scheduleProblem', () => {
  const now = new Date('2026-11-23T12:00').getTime();
  it('accepts publishing now and a time ahead', () => {
    expect(scheduleProblem(undefined, now)).toBeUndefined();
    expect(scheduleProblem('2026-11-23T12:01', now)).toBeUndefined();
  });
  it('names an empty or past time', () => {
    expect(scheduleProblem('', now)).toBe('Pick a date and time to publish at.');
    expect(scheduleProblem('2026-11-23T12:00', now)).toBe('Pick a time in the future.');
    expect(scheduleProblem('2026-11-22T23:59', now)).toBe('Pick a time in the future.');
  });
});
