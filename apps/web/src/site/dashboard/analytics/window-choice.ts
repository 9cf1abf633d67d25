/** The windows the page offers, in days; the endpoint accepts 1 to 90. */
export const WINDOW_CHOICES = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOW_CHOICES)[number];
export const DEFAULT_WINDOW_DAYS: WindowDays = 30;

/** The page's window and creator from its query string (`?days=7&username=…`); anything else falls back. */
export function readPageQuery(search: string): { days: WindowDays; username: string | null } {
  const query = new URLSearchParams(search);
  const days = Number(query.get('days'));
  const username = query.get('username')?.trim() || null;
  return { days: (WINDOW_CHOICES as readonly number[]).includes(days) ? (days as WindowDays) : DEFAULT_WINDOW_DAYS, username };
}

/** The query string for a window, keeping the rest of the page's query. */
export function withDays(search: string, days: WindowDays): string {
  const query = new URLSearchParams(search);
  query.set('days', String(days));
  return `?${query}`;
}
