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

/** Current sources (id → source), and the stored wire objects still built from them. */
export interface CheckedWires {
  sources: Map<string, string>;
  stored: Map<string, StoredWire>;
}

/**
 * The current source of each of these GIFs that anyone may see (content-policy/access.ts): listed
 * ones in listings, those anyone may open by id otherwise; one small row per GIF, whatever its wire
 * object's size. The public API answers everyone alike, so its answers may be shared and cached.
 * For the GIFs in `storedFor` (those the caller holds no text of) the same statement reads the
 * stored wire object still built from the current source, so a GIF shown for the first time by this
 * process costs no second query.
 */
export async function wireSources(
  read: Kysely<Database>,
  ids: readonly string[],
  options: WireReadOptions,
  storedFor: readonly string[] = [],
): Promise<CheckedWires> {
  const stored = new Map<string, StoredWire>();
  if (ids.length === 0) return { sources: new Map(), stored };
  const scope = options.listing ? listedScope : openScope(ANONYMOUS_VIEWER);
  if (storedFor.length === 0) {
    const { rows } = await sql<{ id: string; source: string }>`
      SELECT g.id, ${sourceOf(lookedUpUser)} AS source FROM gifs g
      WHERE g.id = ANY(${[...ids]}::text[]) AND ${scope}`.execute(read);
    return { sources: new Map(rows.map((r) => [r.id, r.source])), stored };
  }
  const { rows } = await sql<{ id: string; source: string; body: string | null; mark: string | null }>`
    SELECT g.id, w.body, w.origin_mark AS mark, ${sourceOf(lookedUpUser)} AS source FROM gifs g
    LEFT JOIN gif_wire w ON w.gif_id = g.id AND g.id = ANY(${[...storedFor]}::text[]) AND w.source = ${sourceOf(lookedUpUser)}
    WHERE g.id = ANY(${[...ids]}::text[]) AND ${scope}`.execute(read);
  for (const r of rows) if (r.body !== null && r.mark !== null) stored.set(r.id, { body: r.body, mark: r.mark });
  return { sources: new Map(rows.map((r) => [r.id, r.source])), stored };
}

/** The stored wire objects of these GIFs (id → current source) still built from that source. */
export async function storedWires(read: Kysely<Database>, sources: ReadonlyMap<string, string>): Promise<Map<string, StoredWire>> {
  const byId = new Map<string, StoredWire>();
  if (sources.size === 0) return byId;
  const { rows } = await sql<{ id: string; body: string; mark: string }>`
    SELECT w.gif_id AS id, w.body, w.origin_mark AS mark FROM gif_wire w
    JOIN unnest(${[...sources.keys()]}::text[], ${[...sources.values()]}::text[]) AS s(id, source) ON w.gif_id = s.id AND w.source = s.source`.execute(read);
  for (const row of rows) byId.set(row.id, { body: row.body, mark: row.mark });
  return byId;
}

/** A wire object built now, with the source it was built from. */
export interface BuiltWire {
  id: string;
  source: string;
  wire: StoredWire;
}

/**
 * Wire objects built from the GIFs' rows as they are now (one query). Each carries the source of
 * the row versions it was built from, which may be newer than the source the caller checked: a
 * body is stored under what it was built from, never under a source it does not match.
 */
export async function buildWires(read: Kysely<Database>, ids: readonly string[], build: WireBuilder): Promise<BuiltWire[]> {
  if (ids.length === 0) return [];
  const rows = await selectGifs(read).select(sourceOf(joinedUser).as('wire_source')).where('g.id', 'in', [...ids]).execute();
  return rows.map(({ wire_source, ...row }) => ({ id: row.id, source: wire_source, wire: build(row) }));
}

export interface WireSaver {
  /** Queues built wire objects to be stored behind the answers (a later build of a GIF replaces its queued one). */
  save(built: readonly BuiltWire[]): void;
  /** Stores what is queued now. */
  flush(): Promise<void>;
}

/**
 * Stores built wire objects together: whatever is built within `delayMs` goes in one statement, or
 * sooner once `batch` wait. A lost batch (a crash) only means those GIFs are built again.
 */
export function createWireSaver(write: Kysely<Database>, { delayMs, batch, onError }: { delayMs: number; batch: number; onError?: ((err: Error) => void) | undefined }): WireSaver {
  let queued = new Map<string, BuiltWire>();
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queued.size === 0) return;
    const built = [...queued.values()];
    queued = new Map();
    await saveWires(write, built).catch((err: Error) => onError?.(err));
  };
  return {
    save(built) {
      for (const b of built) queued.set(b.id, b);
      if (queued.size >= batch) void flush();
      else if (!timer && queued.size > 0) timer = setTimeout(() => void flush(), delayMs).unref();
    },
    flush,
  };
}

/** Stores built bodies (one JSON document for the batch); a concurrent build of the same GIF writes the same thing again. */
async function saveWires(db: Kysely<Database>, built: readonly BuiltWire[]): Promise<void> {
  if (built.length === 0) return;
  const rows = JSON.stringify(built.map((b) => ({ gif_id: b.id, source: b.source, origin_mark: b.wire.mark, body: b.wire.body })));
  await sql`
    INSERT INTO gif_wire (gif_id, source, origin_mark, body)
    SELECT * FROM json_to_recordset(${rows}::json) AS r(gif_id text, source text, origin_mark text, body text)
    ON CONFLICT (gif_id) DO UPDATE SET source = EXCLUDED.source, origin_mark = EXCLUDED.origin_mark, body = EXCLUDED.body`.execute(db);
}
