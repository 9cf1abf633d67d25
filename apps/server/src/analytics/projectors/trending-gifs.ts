import { sql } from 'kysely';
import { TRENDING_HALF_LIFE_MS, TRENDING_WEIGHTS } from '../constants.ts';
import { addDecayed, rankOf, type Decayed } from './decay.ts';
import type { LoggedEvent, Projector } from './projector.ts';

/** Pure fold: each weighted pingback added to its GIF's decayed score, starting from the stored ones. */
export function foldTrending(events: readonly LoggedEvent[], stored: ReadonlyMap<string, Decayed>): Map<string, Decayed> {
  const changed = new Map<string, Decayed>();
  for (const e of events) {
    const weight = TRENDING_WEIGHTS[e.type];
    if (weight === undefined) continue;
    changed.set(e.streamId, addDecayed(changed.get(e.streamId) ?? stored.get(e.streamId), weight, e.ts.getTime(), TRENDING_HALF_LIFE_MS));
  }
  return changed;
}

/** Trending GIFs: a time-decayed score per GIF (half-life TRENDING_HALF_LIFE_MS). */
export const trendingGifsProjector: Projector = {
  name: 'trending_gifs',
  eventTypes: Object.keys(TRENDING_WEIGHTS),
  tables: ['gif_trending'],
  async apply(trx, events) {
    const ids = [...new Set(events.map((e) => e.streamId))];
    if (ids.length === 0) return;
    const rows = await trx.selectFrom('gif_trending').select(['gif_id', 'score', 'as_of']).where('gif_id', 'in', ids).execute();
    const stored = new Map(rows.map((r) => [r.gif_id, { score: Number(r.score), asOf: r.as_of.getTime() }]));
    const changed = [...foldTrending(events, stored)];
    if (changed.length === 0) return;
    await sql`
      INSERT INTO gif_trending (gif_id, score, as_of, rank)
      SELECT * FROM unnest(${changed.map(([id]) => id)}::text[], ${changed.map(([, d]) => d.score)}::float8[],
        ${changed.map(([, d]) => new Date(d.asOf).toISOString())}::timestamptz[], ${changed.map(([, d]) => rankOf(d, TRENDING_HALF_LIFE_MS))}::float8[])
      ON CONFLICT (gif_id) DO UPDATE SET score = EXCLUDED.score, as_of = EXCLUDED.as_of, rank = EXCLUDED.rank`.execute(trx);
  },
};
