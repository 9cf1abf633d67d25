import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatDate, formatQuantity } from './format.ts';

describe('format', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1204)).toBe('1,204');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });

  it('picks the singular only for one', () => {
    expect(formatQuantity(1, 'view')).toBe('1 view');
    expect(formatQuantity(0, 'view')).toBe('0 views');
    expect(formatQuantity(2, 'view')).toBe('2 views');
    expect(formatQuantity(1204, 'view')).toBe('1,204 views');
    expect(formatQuantity(1, { one: 'reply', other: 'replies' })).toBe('1 reply');
    expect(formatQuantity(3, { one: 'reply', other: 'replies' })).toBe('3 replies');
  });

  it('writes sizes in powers of 1000', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(340_000_000)).toBe('340 MB');
    expect(formatBytes(1_000_000_000)).toBe('1 GB');
    expect([formatBytes(1023, 1024), formatBytes(1536, 1024), formatBytes(340 * 1024 ** 2, 1024), formatBytes(1024 ** 3, 1024)]).toEqual([
      '1,023 bytes',
      '1.5 kB',
      '340 MB',
      '1 GB',
    ]);
  });

  it('writes a day in UTC', () => {
    expect(formatDate('2026-11-27T23:30:00Z')).toBe('Nov 27, 2026');
    expect(formatDate('2026-01-02')).toBe('Jan 2, 2026');
  });
});
