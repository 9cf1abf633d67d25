import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { listedScope } from '../content-policy/access.ts';
import { SearchIndex } from './search-index.ts';

/** Rows read per statement when the index is first filled. */
const LOAD_PAGE = 20_000;
/** Changes read per statement when it catches up. */
const CHANGES_PAGE = 10_000;

type Row = { id: string; type: string; rating_rank: number; search: string };

/**
 * This process's search index over `db`, filled from `gif_search` on first use and brought up to
 * date before every use from `gif_search_changes` (migration 028), whose seq order is commit order:
 * a ranking never misses a change committed before it was asked for.
 */
export function followedSearchIndex(db: Kysely<Database>): () => Promise<SearchIndex> {
  const index = new SearchIndex();
  let seen: number | null = null;

  const put = (row: Row) => index.put({ id: row.id, type: row.type, ratingRank: row.rating_rank, search: row.search });

  async function fill(): Promise<void> {
    // The newest change first: whatever commits while the pages are read is caught up afterwards.
    const { rows } = await sql<{ seq: number }>`SELECT coalesce(max(seq), 0)::float8 AS seq FROM gif_search_changes`.execute(db);
    for (let after = ''; ; ) {
      const page = await sql<Row>`
        SELECT g.id, g.type, g.rating_rank, g.search::text AS search FROM gif_search g
        WHERE ${listedScope} AND g.id > ${after} ORDER BY g.id LIMIT ${LOAD_PAGE}`.execute(db);
      for (const row of page.rows) put(row);
      if (page.rows.length < LOAD_PAGE) break;
      after = page.rows.at(-1)!.id;
    }
    seen = rows[0]!.seq;
  }

  async function catchUp(since: number): Promise<void> {
    for (;;) {
      const changes = await sql<{ seq: number; gif_id: string }>`
        SELECT seq::float8 AS seq, gif_id FROM gif_search_changes WHERE seq > ${since} ORDER BY seq LIMIT ${CHANGES_PAGE}`.execute(db);
      if (changes.rows.length === 0) return;
      const ids = [...new Set(changes.rows.map((c) => c.gif_id))];
      const { rows } = await sql<Row>`
        SELECT g.id, g.type, g.rating_rank, g.search::text AS search FROM gif_search g
        WHERE g.id = ANY(${ids}::text[]) AND ${listedScope}`.execute(db);
      const listed = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = listed.get(id);
        if (row) put(row);
        else index.remove(id);
      }
      since = seen = changes.rows.at(-1)!.seq;
      if (changes.rows.length < CHANGES_PAGE) return;
    }
  }

  // Steps run one after another; every caller since the last step began shares the next one, so a
  // burst of searches costs one read of the changes, and each still sees what committed before it asked.
  let tail: Promise<unknown> = Promise.resolve();
  let next: Promise<SearchIndex> | undefined;
  return () => {
    next ??= tail
      .then(() => {
        next = undefined;
        return seen === null ? fill() : catchUp(seen);
      })
      .then(() => index);
    tail = next.catch(() => {});
    return next;
  };
}
