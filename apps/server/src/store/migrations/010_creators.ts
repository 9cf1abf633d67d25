import { sql, type Kysely } from 'kysely';

/**
 * Creators: uploads and their processing state, GIF visibility, language tags, the visual features
 * tag prediction compares, artist fields on users and the per-GIF action counts (downloads, copied
 * links, shares) folded from the log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // public: everywhere; unlisted: by id and link only (is_hidden keeps it out of listings); private: its owner and staff only.
  await sql`ALTER TABLE gifs ADD COLUMN visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'unlisted', 'private'))`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION loopbox_hidden_from_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.visibility IS DISTINCT FROM OLD.visibility THEN
        NEW.is_hidden := NEW.visibility <> 'public';
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER gifs_hidden_from_visibility BEFORE INSERT OR UPDATE OF visibility ON gifs FOR EACH ROW EXECUTE FUNCTION loopbox_hidden_from_visibility()`.execute(
    db,
  );
  await sql`CREATE INDEX gifs_user_update_idx ON gifs (user_id, update_datetime DESC) WHERE NOT is_removed`.execute(db);

  await sql`
    CREATE TABLE uploads (
      id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9]{16,64}$'),
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      gif_id text NOT NULL UNIQUE CHECK (gif_id ~ '^[A-Za-z0-9]{6,40}$'),
      origin text NOT NULL CHECK (origin IN ('resumable', 'api', 'url')),
      state text NOT NULL CHECK (state IN ('receiving', 'queued', 'processing', 'done', 'failed')),
      filename text NOT NULL DEFAULT '',
      source_url text,
      size bigint NOT NULL DEFAULT 0,
      fields jsonb NOT NULL DEFAULT '{}',
      progress real NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      claimed_by text,
      error_code text,
      error text,
      address text NOT NULL DEFAULT '',
      via text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX uploads_user_idx ON uploads (user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX uploads_open_idx ON uploads (state, created_at) WHERE state IN ('receiving', 'queued', 'processing')`.execute(db);

  await sql`
    CREATE TABLE gif_language_tags (
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      lang text NOT NULL CHECK (lang ~ '^[a-z]{2}$'),
      tag text NOT NULL CHECK (length(tag) BETWEEN 1 AND 50),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (gif_id, lang, tag)
    )`.execute(db);
  await sql`CREATE INDEX gif_language_tags_tag_idx ON gif_language_tags (lang, lower(tag) text_pattern_ops)`.execute(db);
  // Searches match language tags: changing them is a content change, so kept search rankings (migration 009's version) are not reused.
  await sql`CREATE TRIGGER gif_language_tags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gif_language_tags FOR EACH STATEMENT EXECUTE FUNCTION loopbox_gifs_changed()`.execute(
    db,
  );

  await sql`
    CREATE TABLE gif_features (
      gif_id text PRIMARY KEY REFERENCES gifs(id) ON DELETE CASCADE,
      features real[] NOT NULL,
      made_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN is_freelance boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN music_artist_url text`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN music_artist_name text`.execute(db);

  await sql`
    CREATE TABLE gif_actions_daily (
      gif_id text NOT NULL,
      day date NOT NULL,
      action text NOT NULL,
      count bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (gif_id, day, action)
    )`.execute(db);
  // Searches whose results showed a GIF (SEEN pingbacks carrying the search's response id), per GIF.
  await sql`
    CREATE TABLE gif_search_terms (
      gif_id text NOT NULL,
      term text NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (gif_id, term)
    )`.execute(db);
}
