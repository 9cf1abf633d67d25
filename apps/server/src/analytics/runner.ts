import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { PROJECTION_BATCH_SIZE, PROJECTION_INTERVAL_MS } from './constants.ts';
import { catchUpProjector } from './project.ts';
import { PROJECTORS } from './projectors/index.ts';
import type { Projector } from './projectors/projector.ts';
import { analyticsDb } from './schema.ts';
import { createPasses } from '../background/passes.ts';

export interface RunnerOptions {
  projectors?: readonly Projector[];
  batchSize?: number;
  intervalMs?: number;
  /** Runs before each catch-up (the search log flushes its queue so the catch-up sees it). */
  beforeCatchUp?: () => Promise<void>;
  /** Runs after each catch-up (read models derived from the projections: the kept trending order). */
  afterCatchUp?: () => Promise<void>;
  /** Tables beside the projections' that the periodic VACUUM ANALYZE covers. */
  alsoVacuum?: readonly string[];
  /** VACUUM ANALYZE the projection tables after a catch-up at most this often (PGlite); absent: never. */
  vacuumEveryMs?: number;
  log?: (line: string) => void;
}

export interface ProjectionRunner {
  /**
   * Catches every projector up with everything committed before the call; calls are serialised and
   * those made while one waits to start share it. Resolves to the events folded.
   */
  catchUp(): Promise<number>;
  /** Catches up every `intervalMs` until stopped. */
  start(): void;
  /** Stops the timer and waits for a catch-up in progress. */
  stop(): Promise<void>;
}

async function newestSeq(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ seq: string }>`SELECT coalesce(max(seq), 0)::text AS seq FROM events`.execute(db);
  return rows[0]!.seq;
}

export function createProjectionRunner(db: Kysely<Database>, options: RunnerOptions = {}): ProjectionRunner {
  const adb = analyticsDb(db);
  const projectors = options.projectors ?? PROJECTORS;
  const batchSize = options.batchSize ?? PROJECTION_BATCH_SIZE;
  const intervalMs = options.intervalMs ?? PROJECTION_INTERVAL_MS;
  let lastVacuum = Date.now();
  /** The newest event when the last pass began, once every projector had folded up to it. */
  let foldedUpTo: string | undefined;

  async function runOnce(): Promise<number> {
    await options.beforeCatchUp?.();
    // Appends commit in seq order (store/events.ts), so an unchanged newest seq means nothing new to
    // fold: an idle pass reads one index entry instead of locking and reading each projector's state.
    const newest = await newestSeq(db);
    let total = 0;
    if (newest !== foldedUpTo) {
      for (const projector of projectors) total += await catchUpProjector(adb, projector, batchSize, newest);
      foldedUpTo = newest;
    }
    await options.afterCatchUp?.();
    if (options.vacuumEveryMs !== undefined && Date.now() - lastVacuum >= options.vacuumEveryMs) {
      lastVacuum = Date.now();
      // One table per statement, outside any transaction, so each pause stays short.
      for (const table of [...projectors.flatMap((p) => p.tables), ...(options.alsoVacuum ?? [])])
        await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
    }
    return total;
  }

  const passes = createPasses(runOnce, {
    intervalMs,
    onError: (err) => options.log?.(`analytics: catch-up failed: ${err.stack ?? err.message}`),
  });
  return { catchUp: passes.run, start: passes.start, stop: passes.stop };
}
