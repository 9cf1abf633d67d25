import { describe, expect, it } from 'vitest';
import type { DayCounts, PageTypeDay } from './series-api.ts';
import { busiestDay, counterTotals, dailyMax, dayLabel, describeDaily, pageTypeTotals, polylinePoints } from './shape.ts';

const day = (date: string, views: number, clicks = 0, hovers = 0, starts = 0): DayCounts => ({ date, views, clicks, hovers, starts });
const daily = [day('2026-03-01', 2, 1), day('2026-03-02', 5, 0, 3), day('2026-03-03', 5, 0, 0, 1)];

describe('daily series', () => {
  it('labels UTC days without the locale', () => {
    expect(dayLabel('2026-03-01')).toBe('Mar 1');
    expect(dayLabel('2025-12-31')).toBe('Dec 31');
  });

  it('totals and bounds the counters', () => {
    expect(counterTotals(daily)).toEqual({ views: 12, clicks: 1, hovers: 3, starts: 1 });
    expect(dailyMax(daily)).toBe(5);
    expect(dailyMax([])).toBe(0);
  });

  it('finds the first day with the most views, none when nothing was viewed', () => {
    expect(busiestDay(daily)?.date).toBe('2026-03-02');
    expect(busiestDay([day('2026-03-01', 0)])).toBeUndefined();
  });

  it('describes the chart in a sentence', () => {
    expect(describeDaily(daily)).toBe('12 views, 1 click, 3 hovers and 1 start over 3 days; the busiest day was Mar 2 with 5 views.');
    expect(describeDaily([day('2026-03-01', 0)])).toBe('0 views, 0 clicks, 0 hovers and 0 starts over 1 day.');
  });

  it('draws polyline points through the scales', () => {
    expect(
      polylinePoints(
        [0, 5, 10],
        (i) => i * 10,
        (v) => 100 - v * 3.33,
      ),
    ).toBe('0,100 10,83.4 20,66.7');
  });
});

describe('pageTypeTotals', () => {
  const row = (date: string, page_type: string, views: number, page_views: number, clicks = 0): PageTypeDay => ({
    date,
    page_type,
    views,
    clicks,
    hovers: 0,
    starts: 0,
    page_views,
  });

  it('sums each page type over the days, busiest first, then by name', () => {
    const totals = pageTypeTotals([
      row('2026-03-01', 'search', 1, 0),
      row('2026-03-01', 'home', 0, 2, 1),
      row('2026-03-02', 'home', 3, 1),
      row('2026-03-02', 'gifs', 1, 0),
      row('2026-03-02', 'search', 0, 0, 4),
    ]);
    expect(totals).toEqual([
      { pageType: 'home', views: 3, clicks: 1, hovers: 0, starts: 0, pageViews: 3 },
      { pageType: 'gifs', views: 1, clicks: 0, hovers: 0, starts: 0, pageViews: 0 },
      { pageType: 'search', views: 1, clicks: 4, hovers: 0, starts: 0, pageViews: 0 },
    ]);
    expect(pageTypeTotals([])).toEqual([]);
  });
});
