import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Owner } from './can.ts';

/**
 * Who owns what, beside the permission table (table.ts): the `own` grants reach a resource whose
 * owner is the caller. Each lookup answers the owner's user id, `null` for a resource nobody owns,
 * or `undefined` when there is no such resource. A user owns themself, their sessions and tokens
 * (sessions/store.ts, tokens/store.ts), their favorites and their GIFs.
 */
export async function gifOwner(db: Kysely<Database>, gifId: string): Promise<Owner | undefined> {
  const row = await db.selectFrom('gifs').select('user_id').where('id', '=', gifId).where('is_removed', '=', false).executeTakeFirst();
  return row ? row.user_id : undefined;
}

/** A user, found by username (case-insensitively), owns themself. */
export async function userOwner(db: Kysely<Database>, username: string): Promise<Owner | undefined> {
  const row = await db.selectFrom('users').select('id').where(sql`lower(username)`, '=', username.toLowerCase()).executeTakeFirst();
  return row?.id;
}

/** A channel is its owner's (`null`: the site's, reached by staff alone). */
export async function channelOwner(db: Kysely<Database>, channelId: number): Promise<Owner | undefined> {
  const row = await db.selectFrom('channels').select('user_id').where('id', '=', channelId).executeTakeFirst();
  return row ? row.user_id : undefined;
}

/** A story is its author's. */
export async function storyOwner(db: Kysely<Database>, storyId: string): Promise<Owner | undefined> {
  const row = await sql<{ user_id: number }>`SELECT user_id FROM stories WHERE id = ${storyId}`.execute(db);
  return row.rows[0]?.user_id;
}

/** A scheduled post is its creator's. */
export async function schedulePostOwner(db: Kysely<Database>, postId: string): Promise<Owner | undefined> {
  const row = await sql<{ user_id: number }>`SELECT user_id FROM scheduled_posts WHERE id = ${postId}`.execute(db);
  return row.rows[0]?.user_id;
}

/** A lookup run at most once: authorize may need the owner, and the route the same answer after it. */
export function lookupOnce<T>(lookup: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => (answer ??= lookup());
}
