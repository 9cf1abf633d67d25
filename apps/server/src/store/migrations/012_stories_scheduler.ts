import { sql, type Kysely } from 'kysely';

/**
 * Stories (a titled, ordered sequence of GIFs with captions, a cover, a slug and an author; drafts
 * until published), the stories staff put into trending from a time on, and scheduled posts (GIFs kept
 * private until their time, then made public by a job of the job runner).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,98}[a-z0-9]$'),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      cover_gif_id text REFERENCES gifs(id) ON DELETE SET NULL,
      is_published boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // A user's stories newest first (GET stories?username=, cursor paging by seq), and the partner-artist window.
  await sql`ALTER TABLE stories ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE`.execute(db);
  await sql`CREATE INDEX stories_user_idx ON stories (user_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX stories_published_idx ON stories (published_at DESC) WHERE is_published`.execute(db);
  await sql`
    CREATE TABLE story_gifs (
      story_id uuid NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      caption text NOT NULL DEFAULT '',
      PRIMARY KEY (story_id, position)
    )`.execute(db);
  await sql`
    CREATE TABLE trending_stories (
      story_id uuid PRIMARY KEY REFERENCES stories(id) ON DELETE CASCADE,
      publish_datetime timestamptz NOT NULL,
      added_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE scheduled_posts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      publish_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'published', 'cancelled', 'failed')),
      job_id uuid,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX scheduled_posts_user_idx ON scheduled_posts (user_id, publish_at)`.execute(db);
  await sql`
    CREATE TABLE scheduled_post_gifs (
      post_id uuid NOT NULL REFERENCES scheduled_posts(id) ON DELETE CASCADE,
      gif_id text NOT NULL REFERENCES gifs(id) ON DELETE CASCADE,
      is_sticker boolean NOT NULL,
      type text NOT NULL,
      -- What the GIF was before it was held private for its post: a cancel gives it back.
      previous_visibility text NOT NULL,
      PRIMARY KEY (post_id, gif_id)
    )`.execute(db);
  await sql`CREATE INDEX scheduled_post_gifs_gif_idx ON scheduled_post_gifs (gif_id)`.execute(db);
}
