import { sql, type Kysely } from 'kysely';
import { accessTo, ANONYMOUS_VIEWER, authorViewer, mayOpen } from '../content-policy/access.ts';
import { rowsInOrder, type UserRow } from '../content/gif-row.ts';
import { presentGif, presentUser, type PresentContext } from '../public-api/present.ts';
import type { Database } from '../store/schema.ts';
import { STORIES_PATH } from './constants.ts';
import { gifsOfStories, type StoryRow } from './store.ts';

export interface StoryPresentOptions {
  /** Each GIF with its caption (a story's own answer); listings give the cover and the count. */
  withGifs: boolean;
  /** Whether the caller may see a story's private GIFs (its author and staff, reading a draft or their own). */
  mayEdit: (story: StoryRow) => boolean;
  /** The trending entries of these stories, when the answer shows them. */
  trending?: Map<string, Date>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Stories as the stories service answers them: id, slug, title, description, author, cover GIF (the
 * chosen one, else the first), the GIFs with their captions (or their count), state and times. GIFs
 * are GIPHY wire objects with signed analytics payloads; GIFs anyone may not open are left out,
 * unless the caller may edit the story and its author may open them (content-policy/access.ts).
 */
export async function presentStories(
  db: Kysely<Database>,
  stories: readonly StoryRow[],
  ctx: PresentContext,
  options: StoryPresentOptions,
): Promise<Record<string, unknown>[]> {
  if (stories.length === 0) return [];
  const ids = stories.map((s) => s.id);
  const gifLists = await gifsOfStories(db, ids);
  const wanted = new Set<string>();
  for (const story of stories) {
    for (const g of gifLists.get(story.id)!) wanted.add(g.gif_id);
    if (story.cover_gif_id) wanted.add(story.cover_gif_id);
  }
  const rows = new Map((await rowsInOrder(db, [...wanted])).map((row) => [row.id, row]));
  const authors = await sql<UserRow>`SELECT * FROM users WHERE id = ANY(${[...new Set(stories.map((s) => s.user_id))]}::int[])`.execute(db);
  const authorOf = new Map(authors.rows.map((u) => [u.id, u]));
  return stories.map((story) => {
    // Those who may edit the story see its GIFs as its author does; everyone else as anyone does.
    const viewer = options.mayEdit(story) ? authorViewer(story.user_id) : ANONYMOUS_VIEWER;
    const showable = (id: string) => {
      const row = rows.get(id);
      return row && mayOpen(accessTo(row, viewer)) ? row : undefined;
    };
    const gifs = gifLists.get(story.id)!.flatMap((g) => {
      const row = showable(g.gif_id);
      return row ? [{ gif: row, caption: g.caption }] : [];
    });
    const coverRow = (story.cover_gif_id ? showable(story.cover_gif_id) : undefined) ?? gifs[0]?.gif;
    const author = authorOf.get(story.user_id);
    const trending = options.trending?.get(story.id);
    return {
      story_id: story.id,
      slug: story.slug,
      title: story.title,
      description: story.description,
      url: `${ctx.origin}/stories/${story.slug}`,
      api_url: `${ctx.origin}${STORIES_PATH}/${story.id}`,
      user: author ? presentUser(author, ctx) : null,
      cover_gif: coverRow ? presentGif(coverRow, ctx) : null,
      ...(options.withGifs ? { gifs: gifs.map((g) => ({ caption: g.caption, gif: presentGif(g.gif, ctx) })) } : {}),
      gif_count: gifs.length,
      is_published: story.is_published,
      published_at: iso(story.published_at),
      created_at: iso(story.created_at),
      updated_at: iso(story.updated_at),
      ...(trending ? { trending: { publish_datetime: trending.toISOString() } } : {}),
    };
  });
}
