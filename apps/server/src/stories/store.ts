import { randomBytes } from 'node:crypto';
import { authorViewer, openScope } from '../content-policy/access.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Actor } from '../auth/audit.ts';
import { FieldError } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import type { StoryChangeSet } from './fields.ts';
import { storiesDb, type StoriesTables } from './schema.ts';

export type StoryRow = Selectable<StoriesTables['stories']>;
export interface StoryGifRow {
  gif_id: string;
  caption: string;
}

export async function findStory(db: Kysely<Database>, id: string): Promise<StoryRow | undefined> {
  return storiesDb(db).selectFrom('stories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findStoryBySlug(db: Kysely<Database>, slug: string): Promise<StoryRow | undefined> {
  return storiesDb(db).selectFrom('stories').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Each story's GIFs in order, by story id. */
export async function gifsOfStories(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, StoryGifRow[]>> {
  const out = new Map<string, StoryGifRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await storiesDb(db)
    .selectFrom('story_gifs')
    .select(['story_id', 'gif_id', 'caption'])
    .where('story_id', 'in', [...ids])
    .orderBy('story_id')
    .orderBy('position')
    .execute();
  for (const row of rows) out.get(row.story_id)!.push({ gif_id: row.gif_id, caption: row.caption });
  return out;
}

/** A slug made from a title: its words, lower case, dashed, and a short random tail so two stories never share it. */
export function slugFromTitle(title: string): string {
  const words = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${words || 'story'}-${randomBytes(4).toString('hex')}`;
}

/** GIFs a story may hold: those its author may open (content-policy/access.ts). A refused one is named (`gifs` or `cover_gif_id`). */
async function checkGifs(trx: Kysely<Database>, authorId: number, ids: readonly string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await trx
    .selectFrom('gifs as g')
    .select('g.id')
    .where('g.id', 'in', [...new Set(ids)])
    .where(openScope(authorViewer(authorId)))
    .execute();
  const usable = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !usable.has(id));
  if (missing.length > 0) throw new FieldError(400, field, `No such GIF for this story: ${[...new Set(missing)].slice(0, 10).join(', ')}`);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Writes a story's fields (a new story when `existing` is absent) and, when `gifs` is given, its
 * GIFs in their new order; logs `story.created` or `story.updated` (and `story.published` when it
 * leaves draft) with the actor. Runs in the caller's transaction. Returns the story's id.
 */
export async function writeStory(
  trx: Kysely<Database>,
  existing: StoryRow | undefined,
  authorId: number,
  fields: StoryChangeSet,
  actor: Actor,
  now: Date,
): Promise<string> {
  const db = storiesDb(trx);
  if (fields.gifs)
    await checkGifs(
      trx,
      authorId,
      fields.gifs.map((g) => g.gif_id),
      'gifs',
    );
  if (fields.cover_gif_id) await checkGifs(trx, authorId, [fields.cover_gif_id], 'cover_gif_id');
  const publishing = fields.is_published === true && !existing?.is_published;
  const columns = {
    ...(fields.title !== undefined ? { title: fields.title } : {}),
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(fields.slug !== undefined ? { slug: fields.slug } : {}),
    ...(fields.cover_gif_id !== undefined ? { cover_gif_id: fields.cover_gif_id } : {}),
    ...(fields.is_published !== undefined ? { is_published: fields.is_published } : {}),
    ...(publishing ? { published_at: now } : {}),
    updated_at: now,
  };
  let id: string;
  try {
    if (existing) {
      await db.updateTable('stories').set(columns).where('id', '=', existing.id).execute();
      id = existing.id;
    } else {
      const row = await db
        .insertInto('stories')
        .values({ ...columns, user_id: authorId, title: fields.title ?? '', slug: fields.slug ?? slugFromTitle(fields.title ?? '') })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw new FieldError(409, 'slug', 'That slug is taken; choose another');
    throw err;
  }
  if (fields.gifs) {
    await db.deleteFrom('story_gifs').where('story_id', '=', id).execute();
    if (fields.gifs.length > 0)
      await db
        .insertInto('story_gifs')
        .values(fields.gifs.map((g, position) => ({ story_id: id, position, gif_id: g.gif_id, caption: g.caption ?? '' })))
        .execute();
  }
  const changed = Object.keys(fields).filter((k) => k !== 'gifs');
  await appendEvents(trx, [
    storyEvent(existing ? 'story.updated' : 'story.created', id, actor, {
      author: authorId,
      changed,
      ...(fields.gifs ? { gifs: fields.gifs.map((g) => g.gif_id) } : {}),
    }),
    ...(publishing ? [storyEvent('story.published', id, actor, { author: authorId })] : []),
  ]);
  return id;
}

/** A change to a story as a domain event on its `story` stream, with who made it. */
export function storyEvent(type: string, storyId: string, actor: Actor, details: Record<string, unknown> = {}) {
  return { type, stream: 'story', streamId: storyId, payload: { ...details, actor: actor.userId, via: actor.via, address: actor.address } };
}
