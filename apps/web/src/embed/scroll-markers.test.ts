import { describe, expect, it } from 'vitest';
import { GRID_BUTTON_MARKER_THRESHOLD_STEPS, HEADER_MARKER_THRESHOLD_STEPS } from './constants.ts';
import { isPastRootTop, thresholdSteps } from './scroll-markers.ts';

const rect = (top: number) => ({ top }) as DOMRectReadOnly;

describe('scroll markers', () => {
  it('observe in 5 steps for the header marker and 10 for the grid button', () => {
    expect(thresholdSteps(HEADER_MARKER_THRESHOLD_STEPS)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    const grid = thresholdSteps(GRID_BUTTON_MARKER_THRESHOLD_STEPS);
    expect(grid).toHaveLength(10);
    expect([grid[0], grid[9]]).toEqual([0, 1]);
    expect(grid.every((t, i) => i === 0 || t > grid[i - 1]!)).toBe(true);
  });

  it('a marker counts once any part of it is above the scroll container top', () => {
    expect(isPastRootTop({ boundingClientRect: rect(47), rootBounds: rect(48) })).toBe(true);
    expect(isPastRootTop({ boundingClientRect: rect(48), rootBounds: rect(48) })).toBe(false);
    expect(isPastRootTop({ boundingClientRect: rect(500), rootBounds: rect(48) })).toBe(false);
    expect(isPastRootTop({ boundingClientRect: rect(0), rootBounds: null })).toBe(false);
  });
});
