import type { TransparencyMonth } from './transparency-api.ts';

/** The sum of a count over months, and of each named count. */
export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
export const total = (counts: Record<string, number>) => sum(Object.values(counts));

/** Counts by name added over months, largest first. */
export function addedUp(months: readonly TransparencyMonth[], pick: (m: TransparencyMonth) => Record<string, number>): [string, number][] {
  const all = new Map<string, number>();
  for (const m of months) for (const [name, n] of Object.entries(pick(m))) all.set(name, (all.get(name) ?? 0) + n);
  return [...all].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** `2026-11` as "November 2026" (the month is UTC, so it is read as UTC). */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A duration for people: under a minute, minutes, hours (one decimal under 10), or days. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return 'under a minute';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const hours = seconds / 3600;
  if (hours < 48) return `${hours < 10 ? Math.round(hours * 10) / 10 : Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

/** A listed value's words: `self_harm` is "self harm". */
export const words = (name: string) => name.replace(/_/g, ' ');
