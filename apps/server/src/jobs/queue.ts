import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { JOB_STATUS } from './constants.ts';
import { jobsDb, type JobState } from './schema.ts';

/** What a route that queues a job needs. */
export interface JobQueueDeps {
  /** Called after a commit queued a job (the platform wakes the job runner with it). */
  onJobQueued?: () => void;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Whose resource the job changes: who (besides staff) may read its status. */
  ownerId: number | null;
  createdBy: number | null;
  /** At most one queued or running job per key: enqueueing another answers the one there. */
  dedupeKey?: string;
  /** Not before this time (scheduled work). */
  runAfter?: Date;
}

/**
 * Queues a job in the caller's transaction, so the job exists exactly when the change that asked for
 * it commits. Returns its id (with a dedupe key, the id of the job already waiting, if any).
 */
export async function enqueueJob(trx: Kysely<Database>, job: NewJob): Promise<string> {
  const payload = JSON.stringify(job.payload);
  const runAfter = job.runAfter ?? new Date();
  if (job.dedupeKey === undefined) {
    const row = await jobsDb(trx)
      .insertInto('jobs')
      .values({ kind: job.kind, payload, owner_id: job.ownerId, created_by: job.createdBy, run_after: runAfter })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const inserted = await sql<{ id: string }>`
    INSERT INTO jobs (kind, payload, owner_id, created_by, run_after, dedupe_key)
    VALUES (${job.kind}, ${payload}::jsonb, ${job.ownerId}, ${job.createdBy}, ${runAfter}, ${job.dedupeKey})
    ON CONFLICT (dedupe_key) WHERE state IN ('queued', 'running') DO NOTHING
    RETURNING id`.execute(trx);
  if (inserted.rows[0]) return inserted.rows[0].id;
  const waiting = await jobsDb(trx)
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', job.dedupeKey)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return waiting.id;
}

export interface JobView {
  id: string;
  kind: string;
  status: (typeof JOB_STATUS)[JobState];
  owner_id: number | null;
  payload: Record<string, unknown>;
  progress: Record<string, unknown>;
  error: string | null;
  attempts: number;
  created_at: string;
  finished_at: string | null;
}

/** A job as the status call shows it; undefined for an unknown id. */
export async function findJob(db: Kysely<Database>, id: string): Promise<JobView | undefined> {
  const row = await jobsDb(db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    status: JOB_STATUS[row.state],
    owner_id: row.owner_id,
    payload: row.payload,
    progress: row.progress,
    error: row.state === 'failed' ? row.last_error : null,
    attempts: row.attempts,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}
