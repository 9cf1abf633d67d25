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
 * a ranking never misses a change committed before it was asked for. When changes it has not read
 * were pruned (search-index/prune.ts), it cannot know which GIFs moved, so it fills a new index.
 */
export function followedSearchIndex(db: Kysely<Database>): () => Promise<SearchIndex> {
  let index = new SearchIndex();
  let seen: number | null = null;

  const put = (into: SearchIndex, row: Row) => into.put({ id: row.id, type: row.type, ratingRank: row.rating_rank, search: row.search });

  /** A new index of every listed GIF, in use once it is whole. */
  async function fill(): Promise<void> {
    const fresh = new SearchIndex();
    // The newest change first (or the pruned horizon, past every change left): whatever commits while the pages are read is caught up afterwards.
    const { rows } = await sql<{ seq: number }>`
      SELECT greatest((SELECT max(seq) FROM gif_search_changes), (SELECT through FROM gif_search_changes_pruned))::float8 AS seq`.execute(
      db,
    );
    for (let after = ''; ; ) {
      const page = await sql<Row>`
        SELECT g.id, g.type, g.rating_rank, g.search::text AS search FROM gif_search g
        WHERE ${listedScope} AND g.id > ${after} ORDER BY g.id LIMIT ${LOAD_PAGE}`.execute(db);
      for (const row of page.rows) put(fresh, row);
      if (page.rows.length < LOAD_PAGE) break;
      after = page.rows.at(-1)!.id;
    }
    index = fresh;
    seen = rows[0]!.seq;
  }

  async function catchUp(since: number): Promise<void> {
    for (;;) {
      // One row at least: the pruned horizon, with the changes past `since` if there are any.
      const { rows: read } = await sql<{ pruned: number; seq: number | null; gif_id: string | null }>`
        SELECT p.through::float8 AS pruned, c.seq::float8 AS seq, c.gif_id FROM gif_search_changes_pruned p
        LEFT JOIN LATERAL (
          SELECT seq, gif_id FROM gif_search_changes WHERE seq > ${since} ORDER BY seq LIMIT ${CHANGES_PAGE}) c ON true
        ORDER BY c.seq`.execute(db);
      if (read[0]!.pruned > since) return fill();
      const changes = read.filter((c): c is { pruned: number; seq: number; gif_id: string } => c.seq !== null);
      if (changes.length === 0) return;
      const ids = [...new Set(changes.map((c) => c.gif_id))];
      const { rows } = await sql<Row>`
        SELECT g.id, g.type, g.rating_rank, g.search::text AS search FROM gif_search g
        WHERE g.id = ANY(${ids}::text[]) AND ${listedScope}`.execute(db);
      const listed = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids) {
        const row = listed.get(id);
        if (row) put(index, row);
        else index.remove(id);
      }
      since = seen = changes.at(-1)!.seq;
      if (changes.length < CHANGES_PAGE) return;
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
