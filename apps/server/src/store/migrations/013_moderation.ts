import { sql, type Kysely } from 'kysely';

/**
 * Moderation (issue 19): a GIF's review state and NSFW score, reports of GIFs and of searches, staff
 * takedowns with their items, suspended accounts, and terms kept out of trending searches. Who did
 * what lives in the event log; these tables are what the queue and the checks read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // none: never reviewed; pending: waits for a decision, out of listings; approved; hidden: out of listings and closed by id and embed.
  await sql`ALTER TABLE gifs ADD COLUMN moderation_state text NOT NULL DEFAULT 'none' CHECK (moderation_state IN ('none', 'pending', 'approved', 'hidden'))`.execute(
    db,
  );
  await sql`ALTER TABLE gifs ADD COLUMN nsfw_score real CHECK (nsfw_score BETWEEN 0 AND 1)`.execute(db);
  await sql`ALTER TABLE gifs ADD COLUMN suggested_rating text CHECK (suggested_rating IN ('g', 'pg', 'pg-13', 'r'))`.execute(db);
  // is_hidden (what listings filter by) now follows the moderation state as well as the visibility.
  await sql`
    CREATE OR REPLACE FUNCTION loopbox_hidden_from_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.visibility IS DISTINCT FROM OLD.visibility OR NEW.moderation_state IS DISTINCT FROM OLD.moderation_state THEN
        NEW.is_hidden := NEW.visibility <> 'public' OR NEW.moderation_state IN ('pending', 'hidden');
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`DROP TRIGGER gifs_hidden_from_visibility ON gifs`.execute(db);
  await sql`CREATE TRIGGER gifs_hidden_from_visibility BEFORE INSERT OR UPDATE OF visibility, moderation_state ON gifs FOR EACH ROW EXECUTE FUNCTION loopbox_hidden_from_visibility()`.execute(
    db,
  );
  // The search service lists all content newest upload first, and its CSV export pages by this key.
  await sql`CREATE INDEX gifs_created_idx ON gifs (create_datetime DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX gifs_moderation_pending_idx ON gifs (create_datetime) WHERE moderation_state = 'pending'`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN suspended_at timestamptz`.execute(db);

  // reporter: 'user:<id>' when signed in, else 'address:<ip>'; one open report per reporter and GIF.
  await sql`
    CREATE TABLE gif_reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      reporter text NOT NULL,
      reason text NOT NULL,
      note text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolution text
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX gif_reports_open_idx ON gif_reports (gif_id, reporter) WHERE resolved_at IS NULL`.execute(db);
  await sql`CREATE INDEX gif_reports_queue_idx ON gif_reports (created_at) WHERE resolved_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE search_reports (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      reporter text NOT NULL,
      reasons text[] NOT NULL,
      additional_info text NOT NULL DEFAULT '',
      search_response_id text NOT NULL DEFAULT '',
      search_term text NOT NULL,
      search_content_type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (reporter, search_term, search_content_type)
    )`.execute(db);

  await sql`
    CREATE TABLE takedowns (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      state text NOT NULL CHECK (state IN ('applied', 'owners_mailed')),
      send_email boolean NOT NULL,
      note text NOT NULL DEFAULT '',
      filed_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE takedown_items (
      takedown_id bigint NOT NULL REFERENCES takedowns(id) ON DELETE CASCADE,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      reason text NOT NULL,
      owner_id integer,
      PRIMARY KEY (takedown_id, gif_id)
    )`.execute(db);

  await sql`
    CREATE TABLE blocked_trending_terms (
      term text PRIMARY KEY CHECK (term = lower(term) AND length(term) BETWEEN 1 AND 50),
      blocked_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // The audit trail by actor: domain events carry their actor's user id in the payload.
  await sql`CREATE INDEX events_actor_idx ON events (((payload->>'actor')), seq) WHERE payload ? 'actor'`.execute(db);
}
