import { sql, type Kysely } from 'kysely';

/**
 * Notices to creators (issue 31): what moderation and staff did to their GIFs, each derived from one
 * logged event (event_id unique: recording or replaying it twice adds nothing) in the transaction
 * that logged it. Read state is the owner's own; the rest follows from the log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      event_id text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      gif_id text NOT NULL,
      kind text NOT NULL,
      reason text NOT NULL DEFAULT '',
      rating text,
      created_at timestamptz NOT NULL,
      read_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
}
