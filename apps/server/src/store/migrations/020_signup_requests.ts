import { sql, type Kysely } from 'kysely';

/**
 * Pending sign-ups (issue 30, item 10): a sign-up makes no account until the link mailed to a new
 * address is opened, so trying an address tells nothing. A request holds its username (unique, so
 * a pending name is taken alike whether its address was free or not) and only a hash of its secret.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE signup_requests (
      token_hash text PRIMARY KEY,
      username text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX signup_requests_username_idx ON signup_requests (lower(username))`.execute(db);
  await sql`CREATE INDEX signup_requests_expires_idx ON signup_requests (expires_at)`.execute(db);
}
