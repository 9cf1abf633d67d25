import { sql, type Kysely } from 'kysely';

/**
 * The content policy (issue 29; apps/server/src/content-policy/): a GIF's visibility may be
 * `scheduled` (private until its post's time); `removal` says who took it away (its owner, a
 * moderation decision, a staff takedown) and `removed_at` since when, so its files are deleted after
 * the retention period (`media_deleted_at`); `decided_by` is the standing of whoever made the last
 * moderation decision (a moderator cannot undo staff's), and `locked_fields` the fields a decision
 * set, which the creator can no longer change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE gifs DROP CONSTRAINT gifs_visibility_check`.execute(db);
  await sql`ALTER TABLE gifs ADD CONSTRAINT gifs_visibility_check CHECK (visibility IN ('public', 'unlisted', 'private', 'scheduled'))`.execute(
    db,
  );
  await sql`
    UPDATE gifs g SET visibility = 'scheduled' FROM scheduled_post_gifs pg JOIN scheduled_posts p ON p.id = pg.post_id
    WHERE pg.gif_id = g.id AND p.state = 'scheduled' AND g.visibility = 'private' AND pg.previous_visibility <> 'private'`.execute(db);

  await sql`ALTER TABLE gifs ADD COLUMN removal text CHECK (removal IN ('owner', 'moderation', 'takedown'))`.execute(db);
  await sql`ALTER TABLE gifs ADD COLUMN removed_at timestamptz`.execute(db);
  await sql`ALTER TABLE gifs ADD COLUMN media_deleted_at timestamptz`.execute(db);
  await sql`ALTER TABLE gifs ADD COLUMN decided_by text CHECK (decided_by IN ('moderator', 'staff'))`.execute(db);
  await sql`ALTER TABLE gifs ADD COLUMN locked_fields text[] NOT NULL DEFAULT '{}'`.execute(db);
  // What was removed before: taken down when a takedown names it, by moderation when a decision removed it, else by its owner.
  await sql`
    UPDATE gifs g SET removed_at = g.update_datetime, removal = CASE
      WHEN EXISTS (SELECT 1 FROM takedown_items t WHERE t.gif_id = g.id) THEN 'takedown'
      WHEN EXISTS (SELECT 1 FROM events e WHERE e.stream = 'gif' AND e.stream_id = g.id AND e.type = 'gif.moderated' AND e.payload->>'decision' = 'remove') THEN 'moderation'
      ELSE 'owner' END
    WHERE g.is_removed`.execute(db);
  await sql`CREATE INDEX gifs_removed_at_idx ON gifs (removed_at) WHERE removal IS NOT NULL AND media_deleted_at IS NULL`.execute(db);

  // is_hidden and is_removed (what listings and the search copy filter by) are the state's, never written on their own.
  await sql`
    CREATE OR REPLACE FUNCTION loopbox_hidden_from_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.is_hidden := NEW.visibility <> 'public' OR NEW.moderation_state IN ('pending', 'hidden');
      NEW.is_removed := NEW.removal IS NOT NULL;
      IF NEW.removal IS NULL THEN
        NEW.removed_at := NULL;
      ELSIF TG_OP = 'INSERT' OR OLD.removal IS NULL THEN
        NEW.removed_at := now();
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`DROP TRIGGER gifs_hidden_from_visibility ON gifs`.execute(db);
  await sql`
    CREATE TRIGGER gifs_hidden_from_visibility BEFORE INSERT OR UPDATE OF visibility, moderation_state, removal, is_hidden, is_removed, removed_at
    ON gifs FOR EACH ROW EXECUTE FUNCTION loopbox_hidden_from_visibility()`.execute(db);
}
