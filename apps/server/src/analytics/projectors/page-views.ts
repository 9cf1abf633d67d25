import { sql } from 'kysely';
import { PAGE_VIEW_EVENT_TYPE } from '../constants.ts';
import { pageTypeOfPath } from './page-type.ts';
import { dayOf, type LoggedEvent, type Projector } from './projector.ts';

export interface PageViewRow {
  pageType: string;
  day: string;
  views: number;
}

/** Pure fold: page views counted per page type (of `page_path`) and UTC day. Integer sums, so any batch split agrees. */
export function foldPageViews(events: readonly LoggedEvent[]): PageViewRow[] {
  const rows = new Map<string, PageViewRow>();
  for (const e of events) {
    if (e.type !== PAGE_VIEW_EVENT_TYPE) continue;
    const pageType = pageTypeOfPath(e.payload.page_path);
    const day = dayOf(e.ts);
    const key = `${pageType}\u0000${day}`;
    const row = rows.get(key) ?? { pageType, day, views: 0 };
    row.views += 1;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/**
 * Page views per page type per day. Its own projector (not a column of `daily`), so a deployment that
 * already folded its pingbacks starts this one at seq 0 and picks up every page view already logged.
 */
export const pageViewsProjector: Projector = {
  name: 'page_views',
  eventTypes: [PAGE_VIEW_EVENT_TYPE],
  tables: ['page_views_daily'],
  async apply(trx, events) {
    const rows = foldPageViews(events);
    if (rows.length === 0) return;
    await sql`
      INSERT INTO page_views_daily (page_type, day, views)
      SELECT * FROM unnest(${rows.map((r) => r.pageType)}::text[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.views)}::bigint[])
      ON CONFLICT (page_type, day) DO UPDATE SET views = page_views_daily.views + EXCLUDED.views`.execute(trx);
  },
};
