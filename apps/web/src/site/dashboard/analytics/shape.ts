/** Pure series shaping for the charts and their data tables. */
import { formatQuantity } from '../../../ui/format.ts';
import type { DayCounts, PageTypeDay } from './series-api.ts';

export const COUNTERS = ['views', 'clicks', 'hovers', 'starts'] as const;
export type Counter = (typeof COUNTERS)[number];
export const COUNTER_LABELS: Record<Counter, string> = { views: 'Views', clicks: 'Clicks', hovers: 'Hovers', starts: 'Starts' };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03-01` → `Mar 1`, independent of the browser's locale (the dates are UTC days). */
export function dayLabel(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
}

export function counterTotals(daily: readonly DayCounts[]): Record<Counter, number> {
  const totals = { views: 0, clicks: 0, hovers: 0, starts: 0 };
  for (const d of daily) for (const c of COUNTERS) totals[c] += d[c];
  return totals;
}

/** The largest single-day value of any counter: the views chart's domain. */
export function dailyMax(daily: readonly DayCounts[]): number {
  return Math.max(0, ...daily.flatMap((d) => COUNTERS.map((c) => d[c])));
}

/** The day with the most views (the earliest of equals), or undefined when none had any. */
export function busiestDay(daily: readonly DayCounts[]): DayCounts | undefined {
  return daily.reduce<DayCounts | undefined>((best, d) => (d.views > (best?.views ?? 0) ? d : best), undefined);
}

/** One sentence summing the views chart up, for its aria description. */
export function describeDaily(daily: readonly DayCounts[]): string {
  const t = counterTotals(daily);
  const busiest = busiestDay(daily);
  const sum = `${formatQuantity(t.views, 'view')}, ${formatQuantity(t.clicks, 'click')}, ${formatQuantity(t.hovers, 'hover')} and ${formatQuantity(t.starts, 'start')} over ${formatQuantity(daily.length, 'day')}`;
  return busiest ? `${sum}; the busiest day was ${dayLabel(busiest.date)} with ${formatQuantity(busiest.views, 'view')}.` : `${sum}.`;
}

export interface PageTypeTotal {
  pageType: string;
  views: number;
  clicks: number;
  hovers: number;
  starts: number;
  pageViews: number;
}

/** Per page type, the window's totals, busiest first (GIF views plus page views), then by name. */
export function pageTypeTotals(rows: readonly PageTypeDay[]): PageTypeTotal[] {
  const byType = new Map<string, PageTypeTotal>();
  for (const r of rows) {
    const t = byType.get(r.page_type) ?? { pageType: r.page_type, views: 0, clicks: 0, hovers: 0, starts: 0, pageViews: 0 };
    for (const c of COUNTERS) t[c] += r[c];
    t.pageViews += r.page_views;
    byType.set(r.page_type, t);
  }
  const weight = (t: PageTypeTotal) => t.views + t.pageViews;
  return [...byType.values()].sort((a, b) => weight(b) - weight(a) || (a.pageType < b.pageType ? -1 : 1));
}

/** An SVG polyline's points for values spread across a plot. */
export function polylinePoints(values: readonly number[], x: (i: number) => number, y: (v: number) => number): string {
  return values.map((v, i) => `${round(x(i))},${round(y(v))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;
