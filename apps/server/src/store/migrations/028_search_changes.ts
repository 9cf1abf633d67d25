import { sql, type Kysely } from 'kysely';
import { LOCK_KEYS } from '../lock-keys.ts';

/**
 * `gif_search_changes`: the id of every `gif_search` row inserted, updated or deleted, in commit
 * order, so each process's in-memory search index (search-index/follow.ts) catches up by reading
 * `seq > last`. The triggers take the event log's lock before drawing a seq, as appends do
 * (store/events.ts): seq order is commit order and a reader never skips a change still in flight.
 * One key for both, so a transaction that writes GIFs and appends events takes one lock, not two
 * in either order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE gif_search_changes (seq bigserial PRIMARY KEY, gif_id text NOT NULL)`.execute(db);
  for (const [event, rows] of [
    ['INSERT', 'NEW'],
    ['UPDATE', 'NEW'],
    ['DELETE', 'OLD'],
  ] as const) {
    const name = `loopbox_gif_search_${event.toLowerCase()}_logged`;
    await sql`
      CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN
        PERFORM pg_advisory_xact_lock(${sql.lit(LOCK_KEYS.eventLog)});
        INSERT INTO gif_search_changes (gif_id) SELECT id FROM changed_rows;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`gif_search_${event.toLowerCase()}_logged`)} AFTER ${sql.raw(event)} ON gif_search
      REFERENCING ${sql.raw(rows)} TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${sql.raw(name)}()`.execute(db);
  }
}
