import { describe, expect, it } from 'vitest';
import { addedUp, duration, monthName } from './figures.ts';
import type { TransparencyMonth } from './transparency-api.ts';

const month = (m: string, gif_reports: Record<string, number>): TransparencyMonth => ({
  month: m,
  gif_reports,
  search_reports: {},
  decisions: {},
  search_report_resolutions: {},
  takedowns: 0,
  takedown_items: 0,
  reports_decided: 0,
  median_seconds_to_decision: null,
});

describe('transparency figures in words', () => {
  it('adds counts over months, largest first', () => {
    expect(addedUp([month('2026-10', { spam: 2, hate: 1 }), month('2026-11', { hate: 3 })], (m) => m.gif_reports)).toEqual([
      ['hate', 4],
      ['spam', 2],
    ]);
  });
  it('says a duration and a UTC month for people', () => {
    expect([duration(null), duration(30), duration(1500), duration(5400), duration(3600 * 30), duration(3600 * 24 * 5)]).toEqual([
      '—',
      'under a minute',
      '25 min',
      '1.5 h',
      '30 h',
      '5 days',
    ]);
    expect(monthName('2026-01')).toBe('January 2026');
  });
});
