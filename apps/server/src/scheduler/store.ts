import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/audit.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { FieldError } from '../http/envelope.ts';
import { appendEvents, type NewEvent } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { PUBLIC_GIFS_REQUIRED, PUBLISH_JOB_KIND, type PublicGifChoice } from './constants.ts';
import { schedulerDb } from './schema.ts';

export interface ScheduledGifInput {
  id: string;
  is_sticker: boolean;
  type: string;
}

/** Who changed a post or its GIFs: a person (with address), or the scheduler at the post's time. */
type By = Actor | 'scheduler';
const byFields = (by: By) =>
  by === 'scheduler' ? { actor: null, via: 'scheduler' } : { actor: by.userId, via: by.via, address: by.address };

/** A post's change as a domain event on its `schedule` stream. */
function postEvent(type: string, postId: string, by: By, details: Record<string, unknown>): NewEvent {
  return { type, stream: 'schedule', streamId: postId, payload: { ...details, ...byFields(by) } };
}
/** A GIF's visibility change, as the GIF's own `gif.updated` event says it. */
function visibilityEvent(gifId: string, visibility: string, postId: string, by: By): NewEvent {
  return { type: 'gif.updated', stream: 'gif', streamId: gifId, payload: { changes: { visibility }, schedule: postId, ...byFields(by) } };
}

/**
 * Schedules the caller's GIFs to become public at `publishAt`: each must be theirs, not removed and
 * not already waiting in another post (a 400 or 409 naming `gifs` otherwise). A GIF that is public
 * now needs the caller's `publicGifs` choice (a 400 naming `public_gifs` otherwise): it turns
 * `scheduled` with the others, or stays public and only its promotion waits. In the caller's
 * transaction, the GIFs to hold turn `scheduled` now (seen as private ones are, content-policy/table.ts;
 * what they were is kept, for a cancel), the post and its
 * publish job (jobs/runner.ts, due at `publishAt`) are written, and each change is logged. Returns the
 * post's id and the GIFs left public.
 */
export async function schedulePost(
  trx: Kysely<Database>,
  userId: number,
  gifs: readonly ScheduledGifInput[],
  publishAt: Date,
  actor: Actor,
  publicGifs?: PublicGifChoice,
): Promise<{ id: string; keptPublic: string[] }> {
  const db = schedulerDb(trx);
  const unique = [...new Map(gifs.map((g) => [g.id, g])).values()];
  const ids = unique.map((g) => g.id);
  // Locked so two posts racing for one GIF see each other.
  const owned = await sql<{ id: string; visibility: string }>`
    SELECT id, visibility FROM gifs WHERE id = ANY(${ids}::text[]) AND user_id = ${userId} AND NOT is_removed ORDER BY id FOR UPDATE`.execute(
    trx,
  );
  const found = new Map(owned.rows.map((r) => [r.id, r.visibility]));
  const notOwned = ids.filter((id) => !found.has(id));
  if (notOwned.length > 0)
    throw new FieldError(400, 'gifs', `Only your own GIFs can be scheduled; not yours or no such GIF: ${notOwned.slice(0, 10).join(', ')}`);
  const waiting = await db
    .selectFrom('scheduled_post_gifs as pg')
    .innerJoin('scheduled_posts as p', 'p.id', 'pg.post_id')
    .select('pg.gif_id')
    .where('pg.gif_id', 'in', ids)
    .where('p.state', '=', 'scheduled')
    .execute();
  if (waiting.length > 0)
    throw new FieldError(
      409,
      'gifs',
      `Already scheduled: ${waiting
        .map((w) => w.gif_id)
        .slice(0, 10)
        .join(', ')}; cancel that post first`,
    );
  const publicNow = ids.filter((id) => found.get(id) === 'public');
  if (publicNow.length > 0 && publicGifs === undefined)
    throw new FieldError(400, 'public_gifs', `${PUBLIC_GIFS_REQUIRED} (public now: ${publicNow.slice(0, 10).join(', ')})`);
  const keptPublic = publicGifs === 'stay_public' ? publicNow : [];
  const held = ids.filter((id) => !keptPublic.includes(id));

  const post = await db
    .insertInto('scheduled_posts')
    .values({ user_id: userId, publish_at: publishAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('scheduled_post_gifs')
    .values(
      unique.map((g) => ({
        post_id: post.id,
        gif_id: g.id,
        is_sticker: g.is_sticker,
        type: g.type,
        previous_visibility: found.get(g.id)!,
      })),
    )
    .execute();
  if (held.length > 0)
    await sql`UPDATE gifs SET visibility = 'scheduled', update_datetime = now() WHERE id = ANY(${held}::text[])`.execute(trx);
  const jobId = await enqueueJob(trx, {
    kind: PUBLISH_JOB_KIND,
    payload: { post: post.id },
    ownerId: userId,
    createdBy: userId,
    runAfter: publishAt,
    dedupeKey: `${PUBLISH_JOB_KIND}:${post.id}`,
  });
  await db.updateTable('scheduled_posts').set({ job_id: jobId }).where('id', '=', post.id).execute();
  await appendEvents(trx, [
    postEvent('schedule.created', post.id, actor, {
      user: userId,
      gifs: ids,
      publish_at: publishAt.toISOString(),
      ...(publicGifs ? { public_gifs: publicGifs, kept_public: keptPublic } : {}),
    }),
    ...held.map((id) => visibilityEvent(id, 'scheduled', post.id, actor)),
  ]);
  return { id: post.id, keptPublic };
}

/** The post, locked for this transaction; undefined when there is none. */
async function lockPost(trx: Kysely<Database>, postId: string) {
  return schedulerDb(trx).selectFrom('scheduled_posts').selectAll().where('id', '=', postId).forUpdate().executeTakeFirst();
}

/**
 * Cancels a waiting post: its GIFs that are still scheduled go back to what they were before, its job
 * is finished, and the cancel is logged. False when the post is no longer waiting (published,
 * cancelled or failed already).
 */
export async function cancelPost(trx: Kysely<Database>, postId: string, actor: Actor, now: Date): Promise<boolean> {
  const post = await lockPost(trx, postId);
  if (post?.state !== 'scheduled') return false;
  const restored = await sql<{ id: string; visibility: string }>`
    UPDATE gifs g SET visibility = pg.previous_visibility, update_datetime = now()
    FROM scheduled_post_gifs pg
    WHERE pg.post_id = ${postId} AND g.id = pg.gif_id AND g.visibility = 'scheduled'
    RETURNING g.id, g.visibility`.execute(trx);
  await schedulerDb(trx).updateTable('scheduled_posts').set({ state: 'cancelled', finished_at: now }).where('id', '=', postId).execute();
  if (post.job_id)
    await sql`UPDATE jobs SET state = 'done', finished_at = now(), updated_at = now() WHERE id = ${post.job_id} AND state = 'queued'`.execute(
      trx,
    );
  await appendEvents(trx, [
    postEvent('schedule.cancelled', postId, actor, {}),
    ...restored.rows.map((r) => visibilityEvent(r.id, r.visibility, postId, actor)),
  ]);
  return true;
}

/**
 * The publish job's one step, in the job's transaction (so it commits exactly once, whichever process
 * runs it, however often it was killed before): a waiting post's GIFs that are still its creator's
 * and not removed become public and trending from the post's time, the post is `published` (or
 * `failed` when none could be), and each change is logged. A cancelled post is left alone.
 */
export async function publishPost(trx: Kysely<Database>, postId: string, now: Date): Promise<{ published: string[] }> {
  const post = await lockPost(trx, postId);
  if (post?.state !== 'scheduled') return { published: [] };
  const published = await sql<{ id: string }>`
    UPDATE gifs g SET visibility = 'public', trending_datetime = ${post.publish_at}, update_datetime = now()
    FROM scheduled_post_gifs pg
    WHERE pg.post_id = ${postId} AND g.id = pg.gif_id AND g.user_id = ${post.user_id} AND NOT g.is_removed
    RETURNING g.id`.execute(trx);
  const ids = published.rows.map((r) => r.id);
  const failed = ids.length === 0;
  await schedulerDb(trx)
    .updateTable('scheduled_posts')
    .set({
      state: failed ? 'failed' : 'published',
      finished_at: now,
      ...(failed ? { error: 'None of its GIFs is still the creator’s and not removed' } : {}),
    })
    .where('id', '=', postId)
    .execute();
  await appendEvents(trx, [
    postEvent(failed ? 'schedule.failed' : 'schedule.published', postId, 'scheduler', { gifs: ids }),
    ...ids.map((id) => visibilityEvent(id, 'public', postId, 'scheduler')),
  ]);
  return { published: ids };
}
