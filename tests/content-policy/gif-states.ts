/**
 * Puts a GIF into each state of the content policy by its columns, as the routes that change them
 * leave it (the routes themselves are tested in tests/content-policy/precedence.test.ts and beside
 * each feature): the matrix tests what every door makes of a state, not how the state was reached.
 */
import { sql, type Kysely } from 'kysely';
import type { GifState } from '../../apps/server/src/content-policy/states.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';

const COLUMNS: Record<GifState, { visibility?: string; moderation_state?: string; removal?: string }> = {
  public: {},
  unlisted: { visibility: 'unlisted' },
  private: { visibility: 'private' },
  scheduled: { visibility: 'scheduled' },
  in_review: { moderation_state: 'in_review' },
  pending: { moderation_state: 'pending' },
  hidden: { moderation_state: 'hidden' },
  deleted: { removal: 'owner' },
  removed: { removal: 'moderation' },
  taken_down: { removal: 'takedown' },
};

/** Sets a GIF's state columns (from a public, unmoderated GIF) and, when given, its owner and tags. */
export async function putInState(
  db: Kysely<Database>,
  gifId: string,
  state: GifState,
  extra: { userId?: number; tags?: string[] } = {},
): Promise<void> {
  const c = COLUMNS[state];
  await sql`
    UPDATE gifs SET visibility = ${c.visibility ?? 'public'}, moderation_state = ${c.moderation_state ?? 'none'}, removal = ${c.removal ?? null},
      user_id = coalesce(${extra.userId ?? null}::int, user_id), tags = coalesce(${extra.tags ?? null}::text[], tags), update_datetime = now()
    WHERE id = ${gifId}`.execute(db);
}
