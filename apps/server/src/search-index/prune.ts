import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/**
 * Changes kept in `gif_search_changes`: a process whose index is further behind than this fills it
 * again (search-index/follow.ts), so a quiet library keeps months of changes and a busy one stays small.
 */
const SEARCH_CHANGES_KEPT = 100_000;
/** How often one process prunes at most. */
const SEARCH_CHANGES_PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Deletes all but the newest `kept` changes and raises `gif_search_changes_pruned` past them, in one
 * statement: a follower's snapshot sees both or neither. Returns how many were deleted.
 */
export async function pruneSearchChanges(db: Kysely<Database>, kept = SEARCH_CHANGES_KEPT): Promise<number> {
  const { rows } = await sql<{ deleted: number }>`
    WITH gone AS (
      DELETE FROM gif_search_changes
      WHERE seq <= (SELECT seq FROM gif_search_changes ORDER BY seq DESC OFFSET ${kept} LIMIT 1)
      RETURNING seq),
    raised AS (
      UPDATE gif_search_changes_pruned SET through = greatest(through, (SELECT max(seq) FROM gone))
      WHERE EXISTS (SELECT FROM gone))
    SELECT count(*)::int AS deleted FROM gone`.execute(db);
  return rows[0]!.deleted;
}

interface PruneSchedule {
  kept?: number;
  everyMs?: number;
  now?: () => number;
}

/** `pruneSearchChanges` at most once per `everyMs`, for a loop that runs more often. */
export function throttledSearchChangesPrune(
  db: Kysely<Database>,
  { kept = SEARCH_CHANGES_KEPT, everyMs = SEARCH_CHANGES_PRUNE_EVERY_MS, now = Date.now }: PruneSchedule = {},
) {
  let last = -Infinity;
  return async (): Promise<void> => {
    if (now() - last < everyMs) return;
    last = now();
    await pruneSearchChanges(db, kept);
  };
}
