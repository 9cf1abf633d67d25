import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';
import { ANONYMOUS_VIEWER, listedScope, openScope } from '../content-policy/access.ts';
import { selectGifs, type GifRow } from './gif-row.ts';

/** A GIF's wire object as JSON text with its origin written as `mark` (see migration 009). */
export interface StoredWire {
  body: string;
  mark: string;
}

/** Builds a GIF's wire object from its row; the public API's presenter. */
export type WireBuilder = (row: GifRow) => StoredWire;

export interface WireReadOptions {
  /** Listings show listed GIFs only; lookups by id also unlisted ones. */
  listing: boolean;
}

/**
 * The row versions a wire body is built from. `xmin` is the transaction that wrote the row version,
 * so any change to the GIF's row or to its user's (by any code path, in any process) gives a new
 * source and the stored body stops matching: no invalidation step can be forgotten or raced.
 */
const sourceOf = (userXmin: RawBuilder<string | null>) => sql<string>`g.xmin::text || ':' || coalesce(${userXmin}, '-')`;
const joinedUser = sql<string | null>`users.xmin::text`;
// A lookup per GIF by the users key: a join would let the planner hash the whole users table for 25 GIFs.
const lookedUpUser = sql<string | null>`(SELECT u.xmin::text FROM users u WHERE u.id = g.user_id)`;

/**
 * The current source of each of these GIFs that anyone may see (content-policy/access.ts): listed
 * ones in listings, those anyone may open by id otherwise; one small row per GIF, whatever its wire
 * object's size. The public API answers everyone alike, so its answers may be shared and cached.
 */
export async function wireSources(read: Kysely<Database>, ids: readonly string[], options: WireReadOptions): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const scope = options.listing ? listedScope : openScope(ANONYMOUS_VIEWER);
  const { rows } = await sql<{ id: string; source: string }>`
    SELECT g.id, ${sourceOf(lookedUpUser)} AS source FROM gifs g
    WHERE g.id = ANY(${[...ids]}::text[]) AND ${scope}`.execute(read);
  return new Map(rows.map((r) => [r.id, r.source]));
}

/**
 * The wire objects of these GIFs (id → current source): stored ones still built from that source,
 * and the others built from their rows now and stored for next time without holding up the answer
 * (`read` may be a replica; `write` is the primary).
 */
export async function wiresFor(
  read: Kysely<Database>,
  write: Kysely<Database>,
  sources: ReadonlyMap<string, string>,
  build: WireBuilder,
  onSaveError?: (err: Error) => void,
): Promise<Map<string, StoredWire>> {
  const byId = new Map<string, StoredWire>();
  if (sources.size === 0) return byId;
  const { rows } = await sql<{ id: string; body: string; mark: string }>`
    SELECT w.gif_id AS id, w.body, w.origin_mark AS mark FROM gif_wire w
    JOIN unnest(${[...sources.keys()]}::text[], ${[...sources.values()]}::text[]) AS s(id, source) ON w.gif_id = s.id AND w.source = s.source`.execute(
    read,
  );
  for (const row of rows) byId.set(row.id, { body: row.body, mark: row.mark });
  const missing = [...sources.keys()].filter((id) => !byId.has(id));
  if (missing.length > 0) {
    const rows = await selectGifs(read).select(sourceOf(joinedUser).as('wire_source')).where('g.id', 'in', missing).execute();
    const built = rows.map(({ wire_source, ...row }) => ({ id: row.id, source: wire_source, wire: build(row) }));
    for (const b of built) byId.set(b.id, b.wire);
    saveWires(write, built).catch((err: Error) => onSaveError?.(err));
  }
  return byId;
}

/** Stores built bodies (one JSON document for the batch); a concurrent build of the same GIF writes the same thing again. */
async function saveWires(db: Kysely<Database>, built: { id: string; source: string; wire: StoredWire }[]): Promise<void> {
  if (built.length === 0) return;
  const rows = JSON.stringify(built.map((b) => ({ gif_id: b.id, source: b.source, origin_mark: b.wire.mark, body: b.wire.body })));
  await sql`
    INSERT INTO gif_wire (gif_id, source, origin_mark, body)
    SELECT * FROM json_to_recordset(${rows}::json) AS r(gif_id text, source text, origin_mark text, body text)
    ON CONFLICT (gif_id) DO UPDATE SET source = EXCLUDED.source, origin_mark = EXCLUDED.origin_mark, body = EXCLUDED.body`.execute(db);
}
