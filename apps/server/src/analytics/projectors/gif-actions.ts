import { sql } from 'kysely';
import { GIF_ACTION_EVENT } from '../../gif-management/constants.ts';
import { dayOf, type LoggedEvent, type Projector } from './projector.ts';

export interface GifActionRow {
  gifId: string;
  day: string;
  action: string;
  count: number;
}

/** Pure fold: `gif.action` events counted per GIF, UTC day and action. Integer sums, so any batch split agrees. */
export function foldGifActions(events: readonly LoggedEvent[]): GifActionRow[] {
  const rows = new Map<string, GifActionRow>();
  for (const e of events) {
    if (e.type !== GIF_ACTION_EVENT || typeof e.payload.action !== 'string') continue;
    const day = dayOf(e.ts);
    const key = `${e.streamId}\u0000${day}\u0000${e.payload.action}`;
    const row = rows.get(key) ?? { gifId: e.streamId, day, action: e.payload.action, count: 0 };
    row.count += 1;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Downloads, copied links, shares… per GIF and day (POST /ajax/gif/{id}/analytic/{type}/, instashare). */
export const gifActionsProjector: Projector = {
  name: 'gif_actions',
  eventTypes: [GIF_ACTION_EVENT],
  tables: ['gif_actions_daily'],
  async apply(trx, events) {
    const rows = foldGifActions(events);
    if (rows.length === 0) return;
    await sql`
      INSERT INTO gif_actions_daily (gif_id, day, action, count)
      SELECT * FROM unnest(${rows.map((r) => r.gifId)}::text[], ${rows.map((r) => r.day)}::date[], ${rows.map((r) => r.action)}::text[], ${rows.map((r) => r.count)}::bigint[])
      ON CONFLICT (gif_id, day, action) DO UPDATE SET count = gif_actions_daily.count + EXCLUDED.count`.execute(trx);
  },
};
