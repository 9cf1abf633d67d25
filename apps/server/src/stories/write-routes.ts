import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { storiesAnswer } from './answer.ts';
import { STORIES_PATH } from './constants.ts';
import type { StoriesDeps } from './deps.ts';
import { IdPath, StoryChanges, StoryFields, StoryPost, StoryTarget, type StoryChangeSet } from './fields.ts';
import { storiesDb } from './schema.ts';
import { findStory, storyEvent, writeStory } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { StoryAnswer, StoryDeletedAnswer } from '@loopbox/contract/stories';

/**
 * The stories service's changes (SPEC 5, 7.4): POST without story_id creates a story of the caller's
 * (`story.create`), POST with one changes the fields it sends, PUT replaces a story's fields and
 * GIFs, DELETE removes it (`story.edit`: the author or staff). Each change is a domain event in its
 * transaction, and answers the story as it now is.
 */
export function storyWriteRoutes(deps: StoriesDeps) {
  const app = new Hono<AuthEnv>();

  /** Changes an existing story after asking the permission table about its author. */
  const update = async (c: Context<AuthEnv>, id: string, fields: StoryChangeSet) => {
    const story = await findStory(deps.db, id);
    const user = await authorizeUser(c, 'story.edit', async () => story?.user_id);
    if (!story) throw new ApiError(404, `Story ${id} not found`);
    const actor = actorOf(user, c.var.auth.address);
    await deps.db.transaction().execute((trx) => writeStory(trx, story, story.user_id, fields, actor, deps.clock()));
    return storiesAnswer(c, deps, [(await findStory(deps.db, id))!], { withGifs: true, single: true });
  };

  app.post(
    STORIES_PATH,
    describe({
      tag: 'stories',
      summary: 'Create a story, or change one',
      description:
        "Without `story_id`, a new story of yours (201); with one, the fields sent are changed (200; `story.edit`: the author's, or staff). Answers the story as it now is.",
      access: { permission: 'story.create' },
      alsoAsks: ['story.edit'],
      body: StoryPost,
      status: 201,
      response: StoryAnswer,
    }),
    async (c) => {
      const body = await jsonBody(c, z.record(z.string(), z.unknown(), { error: 'The body must be a JSON object' }));
      const { story_id } = parseFields(StoryTarget, body);
      if (story_id) return update(c, story_id, parseFields(StoryChanges, body));
      const fields = parseFields(StoryFields, body);
      const user = await authorizeUser(c, 'story.create');
      const actor = actorOf(user, c.var.auth.address);
      const id = await deps.db.transaction().execute((trx) => writeStory(trx, undefined, user.userId, fields, actor, deps.clock()));
      return storiesAnswer(c, deps, [(await findStory(deps.db, id))!], { withGifs: true, single: true, status: 201 });
    },
  );

  app.put(
    `${STORIES_PATH}/:id`,
    describe({
      tag: 'stories',
      summary: 'Replace a story',
      description:
        'Its fields and GIFs as sent: what the body leaves out goes back to its default (a draft, no description, no chosen cover).',
      access: { permission: 'story.edit' },
      params: IdPath,
      body: StoryFields,
      response: StoryAnswer,
    }),
    async (c) => {
      const { id } = parseFields(IdPath, c.req.param());
      const fields = await jsonBody(c, StoryFields);
      // A replacement: what the body leaves out goes back to its default.
      return update(c, id, { description: '', cover_gif_id: null, is_published: false, ...fields });
    },
  );

  app.delete(
    `${STORIES_PATH}/:id`,
    describe({
      tag: 'stories',
      summary: 'Delete a story',
      access: { permission: 'story.edit' },
      params: IdPath,
      response: StoryDeletedAnswer,
    }),
    async (c) => {
      const { id } = parseFields(IdPath, c.req.param());
      const story = await findStory(deps.db, id);
      const user = await authorizeUser(c, 'story.edit', async () => story?.user_id);
      if (!story) throw new ApiError(404, `Story ${id} not found`);
      const actor = actorOf(user, c.var.auth.address);
      await deps.db.transaction().execute(async (trx) => {
        await storiesDb(trx).deleteFrom('stories').where('id', '=', id).execute();
        await appendEvents(trx, [storyEvent('story.deleted', id, actor, { author: story.user_id, slug: story.slug })]);
      });
      return c.json(envelope({ story_id: id, deleted: true }, newResponseId()));
    },
  );

  return app;
}
