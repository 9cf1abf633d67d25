import { describe, expect, it } from 'vitest';
import { coerceFlags, coercePresentFlags, isRecord, toBool, toInt } from './coerce.ts';

describe('toInt', () => {
  it.each([
    ['200', 200],
    [200, 200],
    ['480px', 480],
    [12.7, 12],
    ['-3', -3],
  ])('reads %j as %d', (input, expected) => {
    expect(toInt(input)).toBe(expected);
  });

  it.each([[''], ['abc'], [null], [undefined], [Number.NaN], [{}]])('falls back for %j', (input) => {
    expect(toInt(input)).toBe(0);
    expect(toInt(input, 7)).toBe(7);
  });
});

describe('toBool', () => {
  it.each([true, 1, '1', 'true'] as const)('reads %j as true', (input) => {
    expect(toBool(input)).toBe(true);
  });

  it.each([false, 0, '0', 'false', '', null, undefined] as const)('reads %j as false', (input) => {
    expect(toBool(input)).toBe(false);
  });
});

describe('flag coercion', () => {
  it('coerces every listed flag, absent ones to false', () => {
    expect(coerceFlags({ a: 1, b: '0' }, ['a', 'b', 'c'])).toEqual({ a: true, b: false, c: false });
  });

  it('keeps absent flags undefined when only present ones are coerced', () => {
    const flags = coercePresentFlags({ a: 0, b: null }, ['a', 'b', 'c']);
    expect(flags).toEqual({ a: false, b: false, c: undefined });
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});
