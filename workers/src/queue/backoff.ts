import { RETRY_AFTER_MAX_MS, RETRY_BASE_MS, RETRY_MAX_MS } from '../constants.ts';

/** A Retry-After header as milliseconds from `now`: delta seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_MAX_MS);
  // An HTTP date names its day and month; Date.parse alone would read '-5' as a year.
  const date = /[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), RETRY_AFTER_MAX_MS);
}

/**
 * The wait before retry number `attempt` (1, 2, …): the ceiling doubles from the base up to the cap,
 * and the wait is drawn from its upper half so that many clients do not retry in step.
 */
export function backoffDelay(attempt: number, random: () => number, baseMs = RETRY_BASE_MS, maxMs = RETRY_MAX_MS): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
