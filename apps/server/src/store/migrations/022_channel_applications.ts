import { sql, type Kysely } from 'kysely';

/**
 * Verified channels (issue 31): an artist's or brand's application at `/apply` and staff's decision
 * on it. One open application per person (the partial unique index); a refused applicant may apply
 * again. Examples are kept as given, each with the id of this site's GIF when it names one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE channel_applications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      links jsonb NOT NULL,
      examples jsonb NOT NULL,
      why text NOT NULL,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'approved', 'refused')),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_by integer REFERENCES users(id) ON DELETE SET NULL,
      decision_note text NOT NULL DEFAULT '',
      decided_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX channel_applications_one_open_idx ON channel_applications (user_id) WHERE state = 'open'`.execute(db);
  await sql`CREATE INDEX channel_applications_user_idx ON channel_applications (user_id, id DESC)`.execute(db);
}
