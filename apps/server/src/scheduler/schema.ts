import type { ColumnType, Kysely } from 'kysely';
import type { Database, GivenTimestamp, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { PostState } from './constants.ts';

/** The scheduler's tables of migration 012. */
export type SchedulerTables = {
  scheduled_posts: {
    id: ColumnType<string, string | undefined, never>;
    user_id: number;
    publish_at: GivenTimestamp;
    state: ColumnType<PostState, PostState | undefined, PostState>;
    job_id: string | null;
    error: string | null;
    created_at: Timestamp;
    finished_at: MaybeTimestamp;
  };
  scheduled_post_gifs: { post_id: string; gif_id: string; is_sticker: boolean; type: string; previous_visibility: string };
};

export type SchedulerDb = Kysely<Database & SchedulerTables>;

export function schedulerDb(db: Kysely<Database>): SchedulerDb {
  return db.withTables<SchedulerTables>();
}
