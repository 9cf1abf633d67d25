import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearScale, niceStep, niceTicks, pointX, tickIndexes } from './scale.ts';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten, from 0 to the first step at or above the max', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(101)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('always covers the max with whole, evenly spaced ticks', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 10 }), (max, count) => {
        const ticks = niceTicks(max, count);
        const step = niceStep(max, count);
        return (
          ticks[0] === 0 &&
          ticks[ticks.length - 1]! >= max &&
          ticks.every((t, i) => Number.isInteger(t) && t === i * step) &&
          ticks.length <= 2 * count + 2
        );
      }),
    );
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range either way round', () => {
    const up = linearScale(10, 200, 0);
    expect([up(0), up(5), up(10)]).toEqual([200, 100, 0]);
    const right = linearScale(4, 0, 100);
    expect(right(1)).toBe(25);
  });

  it('maps everything to the start of the range when the domain is empty', () => {
    expect(linearScale(0, 50, 0)(0)).toBe(50);
  });
});

describe('tickIndexes', () => {
  it('keeps every index when they fit', () => {
    expect(tickIndexes(5, 7)).toEqual([0, 1, 2, 3, 4]);
    expect(tickIndexes(0, 7)).toEqual([]);
  });

  it('spreads up to the maximum, always with the first and last', () => {
    expect(tickIndexes(30, 7)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(tickIndexes(90, 7)).toEqual([0, 15, 30, 45, 59, 74, 89]);
    expect(tickIndexes(10, 1)).toEqual([9]);
  });
});

describe('pointX', () => {
  it('spreads points across the range and centres a single one', () => {
    expect([0, 1, 2].map((i) => pointX(i, 3, 10, 30))).toEqual([10, 20, 30]);
    expect(pointX(0, 1, 10, 30)).toBe(20);
  });
});
