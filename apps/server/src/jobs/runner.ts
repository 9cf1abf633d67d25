import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { createPasses } from '../background/passes.ts';
import type { Database } from '../store/schema.ts';
import { JOB_MAX_ATTEMPTS, JOB_POLL_INTERVAL_MS, JOB_RETRY_BASE_MS } from './constants.ts';
import type { Clock } from './clock.ts';
import { jobsDb } from './schema.ts';

/** A claimed job as its handler sees it. */
export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** What earlier steps committed (a cursor, counts); `{}` before the first. */
  progress: Record<string, unknown>;
  ownerId: number | null;
  createdBy: number | null;
}

export interface StepOutcome {
  done: boolean;
  /** Replaces the job's progress, committed with the step's own changes. */
  progress?: Record<string, unknown>;
}

/**
 * One step of a job, run inside the transaction that holds the job's row lock: whatever it changes
 * commits together with the job's new progress, or not at all. It must use only `trx` (on PGlite the
 * pool has one connection, which the transaction holds) and keep each step short.
 */
export type JobHandler = (trx: Kysely<Database>, job: Job) => Promise<StepOutcome>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobRunnerOptions {
  intervalMs?: number;
  /** A pause between two steps, so a long job leaves room for requests (0: none). */
  stepPauseMs?: number;
  maxAttempts?: number;
  retryBaseMs?: number;
  /** What time it is when deciding which jobs are due (the store's own clock when absent). */
  now?: Clock;
  log?: (line: string) => void;
}

export interface JobRunner {
  /** Looks for due jobs now (call after a commit that queued one). */
  wake(): void;
  /** Runs steps until no job is due; resolves with how many steps ran. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The server's durable job runner, for every process that shares the store. A job is a row; a step
 * claims the oldest due row with `FOR UPDATE SKIP LOCKED` and runs its handler in that transaction,
 * committing the step's changes with the job's progress. So two processes never run the same job at
 * once, a crash (even kill -9) loses only the step in flight, which rolls back, and the next runner to
 * claim the row, in this process or another, carries on from the last committed step: no step ever
 * applies twice. A step that throws is retried with doubling delays and fails the job after
 * `maxAttempts`.
 */
export function createJobRunner(db: Kysely<Database>, handlers: JobHandlers, options: JobRunnerOptions = {}): JobRunner {
  const jobs = jobsDb(db);
  const maxAttempts = options.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const retryBaseMs = options.retryBaseMs ?? JOB_RETRY_BASE_MS;
  let stopping = false;

  /** Runs one step of the oldest due job; false when none is due. */
  async function step(): Promise<boolean> {
    let claimed: { id: string; attempts: number } | undefined;
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await jobsDb(trx)
          .selectFrom('jobs')
          .selectAll()
          .where('state', 'in', ['queued', 'running'])
          .where('run_after', '<=', options.now ? options.now() : sql<Date>`now()`)
          .orderBy('run_after')
          .orderBy('created_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        claimed = { id: row.id, attempts: row.attempts };
        const handler = handlers[row.kind];
        if (!handler) {
          await jobsDb(trx)
            .updateTable('jobs')
            .set({
              state: 'failed',
              last_error: `No handler for jobs of kind ${row.kind}`,
              updated_at: new Date(),
              finished_at: new Date(),
            })
            .where('id', '=', row.id)
            .execute();
          return true;
        }
        const outcome = await handler(trx, {
          id: row.id,
          kind: row.kind,
          payload: row.payload,
          progress: row.progress,
          ownerId: row.owner_id,
          createdBy: row.created_by,
        });
        await jobsDb(trx)
          .updateTable('jobs')
          .set({
            state: outcome.done ? 'done' : 'running',
            ...(outcome.progress ? { progress: JSON.stringify(outcome.progress) } : {}),
            steps: sql<number>`steps + 1`,
            updated_at: new Date(),
            finished_at: outcome.done ? new Date() : null,
          })
          .where('id', '=', row.id)
          .execute();
        return true;
      });
    } catch (err) {
      if (!claimed) throw err;
      const attempts = claimed.attempts + 1;
      const failed = attempts >= maxAttempts;
      const message = (err as Error).message || String(err);
      options.log?.(`job ${claimed.id}: step failed (attempt ${attempts} of ${maxAttempts}): ${message}`);
      await jobs
        .updateTable('jobs')
        .set({
          attempts,
          last_error: message.slice(0, 1000),
          updated_at: new Date(),
          ...(failed
            ? { state: 'failed', finished_at: new Date() }
            : { run_after: new Date(Date.now() + retryBaseMs * 2 ** (attempts - 1)) }),
        })
        .where('id', '=', claimed.id)
        // Another runner may have claimed the job once this step rolled back: never undo its finish.
        .where('state', 'in', ['queued', 'running'])
        .execute();
      return true;
    }
  }

  async function drain(): Promise<number> {
    let steps = 0;
    while (!stopping && (await step())) {
      steps++;
      if (options.stepPauseMs) await sleep(options.stepPauseMs);
    }
    return steps;
  }

  const passes = createPasses(drain, {
    intervalMs: options.intervalMs ?? JOB_POLL_INTERVAL_MS,
    onError: (err) => options.log?.(`jobs: pass failed: ${err.message}`),
  });
  return {
    wake: () => void passes.run().catch((err: Error) => options.log?.(`jobs: pass failed: ${err.message}`)),
    drain: () => passes.run(),
    start() {
      stopping = false;
      passes.start();
    },
    async stop() {
      stopping = true;
      await passes.stop();
    },
  };
}
