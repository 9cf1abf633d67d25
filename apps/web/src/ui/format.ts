/**
 * Numbers, plurals, sizes and dates as the site writes them: one place, through `Intl`, so "1 view"
 * and "1,204 views" agree on every screen.
 */
const LOCALE = 'en';
const numbers = new Intl.NumberFormat(LOCALE);
const plurals = new Intl.PluralRules(LOCALE);
const dates = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimes = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** 1204 → "1,204". */
export const formatCount = (n: number): string => numbers.format(n);

/** A noun's singular and plural (`{ one: 'view', other: 'views' }`); a bare word takes an "s". */
export type Noun = string | { one: string; other: string };

/** (1, 'view') → "1 view"; (1204, 'view') → "1,204 views". */
export function formatQuantity(n: number, noun: Noun): string {
  const forms = typeof noun === 'string' ? { one: noun, other: `${noun}s` } : noun;
  return `${formatCount(n)} ${plurals.select(n) === 'one' ? forms.one : forms.other}`;
}

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * 1536 → "1.5 kB"; sizes in powers of 1000. With `base` 1024, for sizes the server counts in binary
 * multiples (the upload limits: 1 GB a day is 1024³ bytes), 1024³ → "1 GB".
 */
export function formatBytes(bytes: number, base: 1000 | 1024 = 1000): string {
  if (bytes < base) return formatQuantity(bytes, 'byte');
  let unit = 0;
  let value = bytes / base;
  while (value >= base && unit < BYTE_UNITS.length - 1) {
    value /= base;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALE, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** An ISO date or time → "Nov 27, 2026" (the day in UTC, as the server counts days). */
export const formatDate = (at: string | Date): string => dates.format(new Date(at));

/** An ISO time → "Nov 27, 2026, 3:18 AM" in the reader's own zone. */
export const formatDateTime = (at: string | Date): string => dateTimes.format(new Date(at));

const days = new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A day (YYYY-MM-DD or an ISO time) → "Nov 27", for a chart's axis (the day in UTC). */
export const formatDay = (at: string | Date): string => days.format(new Date(at));
