import { sql, type Kysely } from 'kysely';
import { RATINGS } from '../public-api/constants.ts';
import type { Database, GifType } from '../store/schema.ts';
import { READ_POSITIONS, TRENDING_LISTS, TRENDING_ORDER_MAX_AGE_MS } from './constants.ts';
import { readContentVersion } from './content-version.ts';

/** The trending order's projector (analytics/projectors/trending-gifs.ts), whose position the order is built at. */
const TRENDING_PROJECTOR = 'trending_gifs';
// Held for the rebuild's transaction: with several processes on one store, one rebuilds and the others skip.
const TRENDING_ORDER_LOCK_KEY = 7_311_009;

/** A list's key: its content types and the highest rating it shows. */
export const trendingListKey = (types: readonly GifType[], ratingRank: number) => `${types.join(',')}:${ratingRank}`;

/**
 * A page of the kept trending order, or null when that list is not kept (yet): an index range read
 * whatever the offset and the library's size. GIFs hidden or removed since the order was built are
 * left out when the page is answered.
 */
export async function keptTrendingPage(db: Kysely<Database>, key: string, offset: number, limit: number): Promise<{ ids: string[]; total: number } | null> {
  const { rows } = await sql<{ gif_id: string | null; total: number }>`
    SELECT p.gif_id, l.total FROM trending_lists l
    LEFT JOIN LATERAL (SELECT gif_id FROM trending_pages WHERE list = l.list AND pos >= ${offset} ORDER BY pos LIMIT ${limit}) p ON true
    WHERE l.list = ${key}`.execute(db);
  if (rows.length === 0) return null;
  return { ids: rows.flatMap((r) => (r.gif_id === null ? [] : [r.gif_id])), total: rows[0]!.total };
}

/**
 * Whether the kept order is behind: a list missing, the trending projector past the position it was
 * built at, a GIF changed since (the content version moved), or older than TRENDING_ORDER_MAX_AGE_MS
 * (the backstop for a change whose version bump was read before it committed).
 */
export async function trendingOrderBehind(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ lists: number; oldest_seq: string | null; versions: string[] | null; age_ms: number | null; last_seq: string | null }>`
    SELECT count(*)::int AS lists, min(built_seq)::text AS oldest_seq, array_agg(DISTINCT content_version::text) AS versions,
      (extract(epoch FROM now() - min(built_at)) * 1000)::float8 AS age_ms,
      (SELECT last_seq::text FROM projector_state WHERE name = ${TRENDING_PROJECTOR}) AS last_seq
    FROM trending_lists`.execute(db);
  const r = rows[0]!;
  if (r.lists < TRENDING_LISTS.length * RATINGS.length) return true;
  if ((r.last_seq ?? '0') !== r.oldest_seq) return true;
  if ((r.age_ms ?? Infinity) >= TRENDING_ORDER_MAX_AGE_MS) return true;
  const version = await readContentVersion(db);
  return r.versions?.length !== 1 || r.versions[0] !== version;
}

/**
 * Rebuilds every kept list in one transaction (readers see the old order or the new one, never half):
 * scored GIFs by their decayed rank, then the seeded trending order of the rest, the first
 * READ_POSITIONS of each. Returns false when another process holds the rebuild.
 */
export async function rebuildTrendingOrder(db: Kysely<Database>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${TRENDING_ORDER_LOCK_KEY}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    // Read before the lists, so a change committed meanwhile leaves the order marked behind.
    const version = await readContentVersion(trx);
    const { rows: state } = await sql<{ last_seq: string }>`SELECT coalesce((SELECT last_seq FROM projector_state WHERE name = ${TRENDING_PROJECTOR}), 0)::text AS last_seq`.execute(trx);
    const builtSeq = state[0]!.last_seq;
    await sql`DELETE FROM trending_pages`.execute(trx);
    await sql`DELETE FROM trending_lists`.execute(trx);
    for (const types of TRENDING_LISTS) {
      for (let rank = 0; rank < RATINGS.length; rank++) {
        const key = trendingListKey(types, rank);
        const visible = sql`NOT g.is_hidden AND NOT g.is_removed AND g.rating_rank <= ${rank} AND g.type = ANY(${[...types]}::text[])`;
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
          INSERT INTO trending_lists (list, total, built_seq, content_version)
          SELECT ${key},
            (SELECT count(*) FROM gif_trending t JOIN gifs g ON g.id = t.gif_id WHERE ${visible})
            + (SELECT count(*) FROM gifs g WHERE ${visible} AND g.trending_datetime IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gif_trending t WHERE t.gif_id = g.id)),
            ${builtSeq}::bigint, ${version}::bigint`.execute(trx);
      }
    }
    return true;
  });
}
