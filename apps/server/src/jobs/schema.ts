import type { ColumnType, Kysely } from 'kysely';
import type { Database, Timestamp, MaybeTimestamp } from '../store/schema.ts';

type Json = Record<string, unknown>;

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** The jobs table of migration 011. */
export type JobsTables = {
  jobs: {
    id: ColumnType<string, string | undefined, never>;
    kind: string;
    payload: ColumnType<Json, string | undefined, string>;
    state: ColumnType<JobState, JobState | undefined, JobState>;
    progress: ColumnType<Json, string | undefined, string>;
    owner_id: number | null;
    created_by: number | null;
    dedupe_key: string | null;
    steps: ColumnType<number, number | undefined, number>;
    attempts: ColumnType<number, number | undefined, number>;
    last_error: string | null;
    run_after: Timestamp;
    created_at: Timestamp;
    updated_at: Timestamp;
    finished_at: MaybeTimestamp;
  };
};

export type JobsDb = Kysely<Database & JobsTables>;

export function jobsDb(db: Kysely<Database>): JobsDb {
  return db.withTables<JobsTables>();
}
