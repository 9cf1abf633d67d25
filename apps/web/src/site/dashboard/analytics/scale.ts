/** Pure chart geometry: value scales and tick choice. */

/** A 1, 2 or 5 times a power of ten step giving about `count` intervals up to `max`; at least 1 (counts are whole). */
export function niceStep(max: number, count: number): number {
  const raw = max / Math.max(1, count);
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return step;
}

/** Ticks from 0 to the first step multiple at or above `max` (0 and 1 when everything is 0). */
export function niceTicks(max: number, count = 4): number[] {
  const step = niceStep(max, count);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Maps [0, domainMax] linearly onto [from, to] (either way round); a zero domain maps to `from`. */
export function linearScale(domainMax: number, from: number, to: number): (value: number) => number {
  return (value) => (domainMax > 0 ? from + ((to - from) * value) / domainMax : from);
}

/** Up to `max` evenly spread indexes of `length` items, always the first and the last. */
export function tickIndexes(length: number, max: number): number[] {
  if (length <= 0) return [];
  if (length <= max) return Array.from({ length }, (_, i) => i);
  if (max <= 1) return [length - 1];
  const every = (length - 1) / (max - 1);
  return [...new Set(Array.from({ length: max }, (_, i) => Math.round(i * every)))];
}

/** The x of the i-th of `n` points spread across [from, to] (a single point sits in the middle). */
export function pointX(i: number, n: number, from: number, to: number): number {
  return n <= 1 ? (from + to) / 2 : from + ((to - from) * i) / (n - 1);
}
