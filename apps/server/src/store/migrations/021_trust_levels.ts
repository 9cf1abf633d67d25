import { sql, type Kysely } from 'kysely';

/**
 * Trust levels (issue 31; apps/server/src/uploads/trust.ts): a new account's GIF is committed with
 * moderation_state `in_review`, open by its link but out of every listing (is_hidden follows, and the
 * search copy with it) until a moderator approves it. The review queue reads it by date; an account's
 * trust counts its approved GIFs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE gifs DROP CONSTRAINT gifs_moderation_state_check`.execute(db);
  await sql`ALTER TABLE gifs ADD CONSTRAINT gifs_moderation_state_check CHECK (moderation_state IN ('none', 'in_review', 'pending', 'approved', 'hidden'))`.execute(
    db,
  );
  // Migration 018's function, with `in_review` among the states kept out of listings.
  await sql`
    CREATE OR REPLACE FUNCTION loopbox_hidden_from_visibility() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.is_hidden := NEW.visibility <> 'public' OR NEW.moderation_state IN ('in_review', 'pending', 'hidden');
      NEW.is_removed := NEW.removal IS NOT NULL;
      IF NEW.removal IS NULL THEN
        NEW.removed_at := NULL;
      ELSIF TG_OP = 'INSERT' OR OLD.removal IS NULL THEN
        NEW.removed_at := now();
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE INDEX gifs_moderation_in_review_idx ON gifs (create_datetime) WHERE moderation_state = 'in_review'`.execute(db);
  await sql`CREATE INDEX gifs_approved_by_user_idx ON gifs (user_id) WHERE moderation_state = 'approved' AND removal IS NULL`.execute(db);
}
