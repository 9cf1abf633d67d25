import { sql, type Kysely } from 'kysely';

/**
 * Developer apps and their keys (issue 21): an app is a signed-in user's, with a tier (beta or
 * production); its keys are rows of api_keys (kind `app`), a rotated one kept until `expires_at`.
 * Requests for production wait for staff in production_requests. api_key_hourly_calls is the count
 * every process shares for the hourly limit; api_usage_daily and api_pingbacks_daily are projections
 * of the event log (analytics/projectors/api-usage.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE developer_apps (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      platform text NOT NULL CHECK (platform IN ('web', 'ios', 'android', 'other')),
      tier text NOT NULL DEFAULT 'beta' CHECK (tier IN ('beta', 'production')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX developer_apps_owner_idx ON developer_apps (owner_id, id)`.execute(db);

  await sql`ALTER TABLE api_keys DROP CONSTRAINT api_keys_kind_check`.execute(db);
  await sql`ALTER TABLE api_keys ADD CONSTRAINT api_keys_kind_check CHECK (kind IN ('web', 'mobile', 'server', 'app'))`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY UNIQUE`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN app_id bigint REFERENCES developer_apps(id) ON DELETE CASCADE`.execute(db);
  // A rotated key works until then; null: until revoked.
  await sql`ALTER TABLE api_keys ADD COLUMN expires_at timestamptz`.execute(db);
  await sql`ALTER TABLE api_keys ADD CONSTRAINT api_keys_app_kind CHECK ((kind = 'app') = (app_id IS NOT NULL))`.execute(db);
  await sql`CREATE INDEX api_keys_app_idx ON api_keys (app_id) WHERE app_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE production_requests (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      app_id bigint NOT NULL REFERENCES developer_apps(id) ON DELETE CASCADE,
      requested_by integer REFERENCES users(id) ON DELETE SET NULL,
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      decision text CHECK (decision IN ('approved', 'refused')),
      decided_by integer REFERENCES users(id) ON DELETE SET NULL,
      decision_note text NOT NULL DEFAULT '',
      decided_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX production_requests_open_idx ON production_requests (app_id) WHERE decision IS NULL`.execute(db);

  await sql`
    CREATE TABLE api_key_hourly_calls (
      key text NOT NULL,
      hour timestamptz NOT NULL,
      calls integer NOT NULL,
      PRIMARY KEY (key, hour)
    )`.execute(db);

  await sql`
    CREATE TABLE api_usage_daily (
      key text NOT NULL,
      day date NOT NULL,
      api text NOT NULL,
      endpoint text NOT NULL,
      status smallint NOT NULL,
      calls bigint NOT NULL,
      PRIMARY KEY (key, day, api, endpoint, status)
    )`.execute(db);
  await sql`
    CREATE TABLE api_pingbacks_daily (
      key text NOT NULL,
      day date NOT NULL,
      api text NOT NULL,
      action text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (key, day, api, action)
    )`.execute(db);
}
