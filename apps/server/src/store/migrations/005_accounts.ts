import { sql, type Kysely } from 'kysely';

/**
 * People: roles on users, credentials beside them (never in `users`, which public reads join),
 * server-side sessions, mailed single-use tokens, personal access tokens, the mail outbox and
 * favorites. Every secret is stored as a hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'creator', 'moderator', 'staff'))`.execute(
    db,
  );
  await sql`ALTER TABLE users ADD COLUMN social_links jsonb NOT NULL DEFAULT '{}'`.execute(db);
  // Roles follow the older flags: staff stay staff, artists and partners are creators. The trigger does
  // the same for inserts that still speak only the flags (the demo seed, the admin-token bootstrap).
  await sql`
    CREATE FUNCTION loopbox_role_from_flags() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.role = 'user' THEN
        NEW.role := CASE WHEN NEW.is_staff THEN 'staff' WHEN NEW.user_type IN ('artist', 'partner') THEN 'creator' ELSE 'user' END;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_role_from_flags BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION loopbox_role_from_flags()`.execute(
    db,
  );
  await sql`UPDATE users SET role = CASE WHEN is_staff THEN 'staff' WHEN user_type IN ('artist', 'partner') THEN 'creator' ELSE 'user' END`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX users_username_lower_idx ON users (lower(username))`.execute(db);

  await sql`
    CREATE TABLE accounts (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      email_verified_at timestamptz,
      password_hash text,
      password_changed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX accounts_email_idx ON accounts (lower(email))`.execute(db);

  await sql`
    CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      secret_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      address text NOT NULL DEFAULT '',
      user_agent text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);

  // The admin token already lives here; personal access tokens join it.
  await sql`ALTER TABLE access_tokens ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE`.execute(db);
  await sql`ALTER TABLE access_tokens ADD COLUMN scope text CHECK (scope IN ('user', 'creator', 'moderator', 'staff'))`.execute(db);
  await sql`ALTER TABLE access_tokens ADD COLUMN hint text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE access_tokens ADD COLUMN last_used_at timestamptz`.execute(db);
  await sql`ALTER TABLE access_tokens ADD COLUMN revoked_at timestamptz`.execute(db);

  await sql`
    CREATE TABLE mail_outbox (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      failed_at timestamptz,
      last_error text
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE favorites (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, gif_id)
    )`.execute(db);
}
