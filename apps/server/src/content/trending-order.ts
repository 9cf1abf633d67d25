import { sql, type Kysely } from 'kysely';
import { listedScope } from '../content-policy/access.ts';
import { RATINGS } from '@loopbox/contract/common';
import type { Database, GifType } from '../store/schema.ts';
import { READ_POSITIONS, TRENDING_LISTS, TRENDING_ORDER_MAX_AGE_MS, TRENDING_ORDER_MIN_INTERVAL_MS } from './constants.ts';
import { readContentVersion } from './content-version.ts';
import { LOCK_KEYS } from '../store/lock-keys.ts';

/** The trending order's projector (analytics/projectors/trending-gifs.ts), whose position the order is built at. */
const TRENDING_PROJECTOR = 'trending_gifs';

/** A list's key: its content types and the highest rating it shows. */
export const trendingListKey = (types: readonly GifType[], ratingRank: number) => `${types.join(',')}:${ratingRank}`;

/** Every list that may be kept, by key. */
const TRENDING_LIST_KEYS = new Map(
  TRENDING_LISTS.flatMap((types) => RATINGS.map((_, ratingRank) => ({ types, ratingRank }))).map((list, index) => [
    trendingListKey(list.types, list.ratingRank),
    { ...list, index },
  ]),
);

/** A page of a kept trending list: its GIF ids and the list's total. */
export interface KeptPage {
  ids: string[];
  total: number;
}

/**
 * A page of the kept trending order, or null when that list is not kept (yet): an index range read
 * whatever the offset and the library's size. GIFs hidden or removed since the order was built are
 * left out when the page is answered. A list nobody has asked for is not kept: asking marks it
 * wanted (built_seq -1) and the projection runner builds it at its next pass.
 */
export async function keptTrendingPage(
  db: Kysely<Database>,
  write: Kysely<Database>,
  key: string,
  offset: number,
  limit: number,
): Promise<KeptPage | null> {
  const { rows } = await sql<{ gif_id: string | null; total: number; built: boolean }>`
    SELECT p.gif_id, l.total, l.built_seq >= 0 AS built FROM trending_lists l
    LEFT JOIN LATERAL (SELECT gif_id FROM trending_pages WHERE list = l.list AND pos >= ${offset} ORDER BY pos LIMIT ${limit}) p ON true
    WHERE l.list = ${key}`.execute(db);
  if (rows.length === 0) {
    if (TRENDING_LIST_KEYS.has(key)) {
      await sql`INSERT INTO trending_lists (list, total, built_seq, content_version) VALUES (${key}, 0, -1, -1) ON CONFLICT (list) DO NOTHING`.execute(
        write,
      );
    }
    return null;
  }
  if (!rows[0]!.built) return null;
  return { ids: rows.flatMap((r) => (r.gif_id === null ? [] : [r.gif_id])), total: rows[0]!.total };
}

/** The kept lists that need building, and why none may wait: a list asked for but never built, or a GIF changed. */
export interface OrderState {
  lists: { key: string; builtSeq: string; contentVersion: string; ageMs: number }[];
  trendingSeq: string;
  contentVersion: string;
}

export async function trendingOrderState(db: Kysely<Database>): Promise<OrderState> {
  const { rows } = await sql<{ list: string; built_seq: string; content_version: string; age_ms: number }>`
    SELECT list, built_seq::text, content_version::text, (extract(epoch FROM now() - built_at) * 1000)::float8 AS age_ms FROM trending_lists`.execute(
    db,
  );
  const { rows: state } = await sql<{
    last_seq: string;
  }>`SELECT coalesce((SELECT last_seq FROM projector_state WHERE name = ${TRENDING_PROJECTOR}), 0)::text AS last_seq`.execute(db);
  return {
    lists: rows.map((r) => ({ key: r.list, builtSeq: r.built_seq, contentVersion: r.content_version, ageMs: r.age_ms })),
    trendingSeq: state[0]!.last_seq,
    contentVersion: await readContentVersion(db),
  };
}

/**
 * Which kept lists to rebuild now: any never built or built before the last change to a GIF at once;
 * any behind the scores once it is TRENDING_ORDER_MIN_INTERVAL_MS old (scores halve every six hours:
 * seconds of lag change no order a person could see, and a rebuild is the runner's heaviest step);
 * and every list past TRENDING_ORDER_MAX_AGE_MS (the backstop for a change whose version bump was read
 * before it committed).
 */
export function listsToRebuild(state: OrderState): string[] {
  return state.lists
    .filter((l) => {
      if (l.builtSeq === '-1' || l.contentVersion !== state.contentVersion) return true;
      if (l.ageMs >= TRENDING_ORDER_MAX_AGE_MS) return true;
      return l.builtSeq !== state.trendingSeq && l.ageMs >= TRENDING_ORDER_MIN_INTERVAL_MS;
    })
    .map((l) => l.key);
}

/**
 * Rebuilds one kept list in one short transaction (readers see its old order or its new one, never
 * half): scored GIFs by their decayed rank, then the seeded trending order of the rest, the first
 * READ_POSITIONS. Each list has its own advisory lock: with several processes on one store, one
 * rebuilds it and the others skip it. Returns whether this call rebuilt it.
 */
export async function rebuildTrendingList(
  db: Kysely<Database>,
  key: string,
  state: Pick<OrderState, 'trendingSeq' | 'contentVersion'>,
): Promise<boolean> {
  const list = TRENDING_LIST_KEYS.get(key);
  if (!list) return false;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${LOCK_KEYS.trendingOrder}, ${list.index}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const visible = sql`${listedScope} AND g.rating_rank <= ${list.ratingRank} AND g.type = ANY(${[...list.types]}::text[])`;
    await sql`DELETE FROM trending_pages WHERE list = ${key}`.execute(trx);
    await sql`
      INSERT INTO trending_pages (list, pos, gif_id)
      SELECT ${key}, (row_number() OVER (ORDER BY part, score DESC, at DESC, id) - 1)::int, id FROM (
        (SELECT g.id, 0 AS part, t.rank AS score, NULL::timestamptz AS at FROM gif_trending t JOIN gifs g ON g.id = t.gif_id
         WHERE ${visible} ORDER BY t.rank DESC, g.id LIMIT ${READ_POSITIONS})
        UNION ALL
        (SELECT g.id, 1, NULL, g.trending_datetime FROM gifs g
         WHERE ${visible} AND g.trending_datetime IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gif_trending t WHERE t.gif_id = g.id)
         ORDER BY g.trending_datetime DESC, g.id LIMIT ${READ_POSITIONS})
      ) AS ordered
      ORDER BY part, score DESC, at DESC, id LIMIT ${READ_POSITIONS}`.execute(trx);
    await sql`
      INSERT INTO trending_lists (list, total, built_seq, content_version, built_at)
      SELECT ${key},
        (SELECT count(*) FROM gif_trending t JOIN gifs g ON g.id = t.gif_id WHERE ${visible})
        + (SELECT count(*) FROM gifs g WHERE ${visible} AND g.trending_datetime IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gif_trending t WHERE t.gif_id = g.id)),
        ${state.trendingSeq}::bigint, ${state.contentVersion}::bigint, now()
      ON CONFLICT (list) DO UPDATE SET total = EXCLUDED.total, built_seq = EXCLUDED.built_seq, content_version = EXCLUDED.content_version, built_at = EXCLUDED.built_at`.execute(
      trx,
    );
    // Fresh statistics, so a page read walks the index (PGlite has no autovacuum to gather them).
    await sql`ANALYZE trending_pages`.execute(trx);
    return true;
  });
}

/**
 * The projection runner's step after each catch-up: rebuilds the kept lists that are due, one
 * transaction each, yielding between them. The state is read before any list, so a change committed
 * meanwhile leaves that list marked behind for the next pass. Returns the lists rebuilt.
 */
export async function keepTrendingOrder(db: Kysely<Database>): Promise<number> {
  const state = await trendingOrderState(db);
  let rebuilt = 0;
  for (const key of listsToRebuild(state)) {
    if (await rebuildTrendingList(db, key, state)) rebuilt++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rebuilt;
}
