import { Hono, type Context } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import { authorize } from '../auth/authorize.ts';
import { parseFields } from '../http/json-body.ts';
import { userOwner } from '../permissions/ownership.ts';
import { ApiError, FieldError } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { storiesAnswer } from './answer.ts';
import { NO_USERNAME_MESSAGE, STORIES_PATH } from './constants.ts';
import type { StoriesDeps } from './deps.ts';
import { IdPath, LatestQuery, PartnerArtistQuery, SlugPath, UserStoriesQuery } from './fields.ts';
import { storiesDb } from './schema.ts';
import { findStory, findStoryBySlug, type StoryRow } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { StoriesAnswer, StoryAnswer } from '@loopbox/contract/stories';

/**
 * The stories service's reads (SPEC 7.4): a story by id or slug (a draft for its author and staff
 * only), a user's stories newest first with cursor paging (drafts too with fetch_unpublished, for
 * those who may edit them), everyone's latest published stories, and published stories of verified partner artists in a time window.
 */
export function storyReadRoutes(deps: StoriesDeps) {
  const app = new Hono<AuthEnv>();
  const db = storiesDb(deps.db);

  /** A story for this caller: published ones to everyone, drafts to those who may edit them. */
  const one = async (c: Context<AuthEnv>, story: StoryRow | undefined, what: string) => {
    if (!story) throw new ApiError(404, `Story ${what} not found`);
    if (!story.is_published) await authorize(c, 'story.edit', story.user_id);
    return storiesAnswer(c, deps, [story], { withGifs: true, single: true });
  };

  app.get(
    STORIES_PATH,
    describe({
      tag: 'stories',
      summary: "A user's stories",
      description:
        'Newest first, without their GIFs (the cover and the count); `next_cursor` pages on. `fetch_unpublished` adds the drafts, for those who may edit them.',
      access: { permission: 'story.edit', when: 'with fetch_unpublished=true' },
      query: UserStoriesQuery,
      response: StoriesAnswer,
    }),
    async (c) => {
      const q = parseQuery(UserStoriesQuery, c.req.query());
      if (!q.username) throw new FieldError(400, 'username', NO_USERNAME_MESSAGE);
      const userId = await userOwner(deps.db, q.username);
      if (userId === undefined || userId === null) throw new FieldError(404, 'username', `No user ${q.username}`);
      if (q.fetch_unpublished) await authorize(c, 'story.edit', userId);
      let query = db.selectFrom('stories').selectAll().where('user_id', '=', userId);
      if (!q.fetch_unpublished) query = query.where('is_published', '=', true);
      if (q.next_cursor) query = query.where('seq', '<', q.next_cursor);
      const rows = await query
        .orderBy('seq', 'desc')
        .limit(q.limit + 1)
        .execute();
      const page = rows.slice(0, q.limit);
      const more = rows.length > q.limit;
      return storiesAnswer(c, deps, page, {
        withGifs: false,
        pagination: { count: page.length, offset: 0, ...(more ? { next_cursor: Number(page.at(-1)!.seq) } : {}) },
      });
    },
  );

  app.get(
    `${STORIES_PATH}/partnerArtist`,
    describe({
      tag: 'stories',
      summary: "Partner artists' stories",
      description: 'Published stories of verified public users, newest first, published between `since` and `until` when given.',
      access: 'anyone',
      query: PartnerArtistQuery,
      response: StoriesAnswer,
    }),
    async (c) => {
      const q = parseQuery(PartnerArtistQuery, c.req.query());
      if (q.since && q.until && q.since > q.until) throw new FieldError(400, 'since', 'since must not be after until');
      let query = db
        .selectFrom('stories as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .selectAll('s')
        .where('s.is_published', '=', true)
        .where('u.is_verified', '=', true)
        .where('u.is_public', '=', true);
      if (q.since) query = query.where('s.published_at', '>=', q.since);
      if (q.until) query = query.where('s.published_at', '<=', q.until);
      const rows = await query.orderBy('s.published_at', 'desc').orderBy('s.seq', 'desc').limit(q.limit).execute();
      return storiesAnswer(c, deps, rows, { withGifs: false });
    },
  );

  /** Published stories of everyone, newest first (the site's /stories page). */
  app.get(
    `${STORIES_PATH}/latest`,
    describe({
      tag: 'stories',
      summary: 'The latest stories',
      description: "Everyone's published stories, newest first (the site's /stories page).",
      access: 'anyone',
      query: LatestQuery,
      response: StoriesAnswer,
    }),
    async (c) => {
      const q = parseQuery(LatestQuery, c.req.query());
      const rows = await db
        .selectFrom('stories')
        .selectAll()
        .where('is_published', '=', true)
        .orderBy('published_at', 'desc')
        .orderBy('seq', 'desc')
        .limit(q.limit)
        .execute();
      return storiesAnswer(c, deps, rows, { withGifs: false });
    },
  );

  app.get(
    `${STORIES_PATH}/slug/:slug`,
    describe({
      tag: 'stories',
      summary: 'A story by its slug',
      description: 'With its GIFs and their captions.',
      access: { permission: 'story.edit', when: 'for a draft' },
      params: SlugPath,
      response: StoryAnswer,
    }),
    async (c) => {
      const { slug } = parseFields(SlugPath, c.req.param());
      return one(c, await findStoryBySlug(deps.db, slug), slug);
    },
  );

  app.get(
    `${STORIES_PATH}/:id`,
    describe({
      tag: 'stories',
      summary: 'A story',
      description: 'With its GIFs and their captions.',
      access: { permission: 'story.edit', when: 'for a draft' },
      params: IdPath,
      response: StoryAnswer,
    }),
    async (c) => {
      const { id } = parseFields(IdPath, c.req.param());
      return one(c, await findStory(deps.db, id), id);
    },
  );

  return app;
}
