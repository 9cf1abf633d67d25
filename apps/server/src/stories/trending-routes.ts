import { Hono } from 'hono';
import { sql } from 'kysely';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { storiesAnswer } from './answer.ts';
import { STORIES_PATH } from './constants.ts';
import type { StoriesDeps } from './deps.ts';
import { IdPath, TrendingBody, TrendingQuery } from './fields.ts';
import { storiesDb } from './schema.ts';
import { findStory, storyEvent } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { TrendingAddedAnswer, TrendingRemovedAnswer, TrendingStoriesAnswer } from '@loopbox/contract/stories';

/**
 * Trending stories (SPEC 3, 7.4): staff put a story into trending from a `publish_datetime` on
 * (POST, again to move the time) or take it out (DELETE); `GET stories/trending?sort=` lists the
 * published ones whose time has come, newest time first unless sort says otherwise.
 */
export function trendingRoutes(deps: StoriesDeps) {
  const app = new Hono<AuthEnv>();
  const db = storiesDb(deps.db);
  const PATH = `${STORIES_PATH}/trending`;

  app.get(
    PATH,
    describe({
      tag: 'stories',
      summary: 'Trending stories',
      description: 'Published stories whose trending time has come, newest time first unless `sort` says otherwise.',
      access: 'anyone',
      query: TrendingQuery,
      response: TrendingStoriesAnswer,
    }),
    async (c) => {
      const { sort } = parseQuery(TrendingQuery, c.req.query());
      const rows = await db
        .selectFrom('trending_stories as t')
        .innerJoin('stories as s', 's.id', 't.story_id')
        .selectAll('s')
        .select('t.publish_datetime as trending_at')
        .where('s.is_published', '=', true)
        .where('t.publish_datetime', '<=', deps.clock())
        .orderBy('t.publish_datetime', sort === 'publish_datetime' ? 'asc' : 'desc')
        .orderBy('s.seq', 'desc')
        .execute();
      const trending = new Map(rows.map((r) => [r.id, r.trending_at]));
      return storiesAnswer(c, deps, rows, { withGifs: false, trending });
    },
  );

  app.post(
    PATH,
    describe({
      tag: 'stories',
      summary: 'Put a story into trending',
      description: 'From `publish_datetime` on; again to move the time.',
      access: { permission: 'story.trend' },
      body: TrendingBody,
      status: 201,
      response: TrendingAddedAnswer,
    }),
    async (c) => {
      const body = await jsonBody(c, TrendingBody);
      const user = await authorizeUser(c, 'story.trend');
      const story = await findStory(deps.db, body.story_id);
      if (!story) throw new ApiError(404, `Story ${body.story_id} not found`);
      const actor = actorOf(user, c.var.auth.address);
      await deps.db.transaction().execute(async (trx) => {
        await sql`
        INSERT INTO trending_stories (story_id, publish_datetime, added_by) VALUES (${story.id}, ${body.publish_datetime}, ${user.userId})
        ON CONFLICT (story_id) DO UPDATE SET publish_datetime = EXCLUDED.publish_datetime, added_by = EXCLUDED.added_by`.execute(trx);
        await appendEvents(trx, [
          storyEvent('story.trending_added', story.id, actor, { publish_datetime: body.publish_datetime.toISOString() }),
        ]);
      });
      return c.json(envelope({ story_id: story.id, publish_datetime: body.publish_datetime.toISOString() }, newResponseId()), 201);
    },
  );

  app.delete(
    `${PATH}/:id`,
    describe({
      tag: 'stories',
      summary: 'Take a story out of trending',
      description: '404 when it is not in trending.',
      access: { permission: 'story.trend' },
      params: IdPath,
      response: TrendingRemovedAnswer,
    }),
    async (c) => {
      const { id } = parseFields(IdPath, c.req.param());
      const user = await authorizeUser(c, 'story.trend');
      const actor = actorOf(user, c.var.auth.address);
      const removed = await deps.db.transaction().execute(async (trx) => {
        const gone = await storiesDb(trx)
          .deleteFrom('trending_stories')
          .where('story_id', '=', id)
          .returning('story_id')
          .executeTakeFirst();
        if (gone) await appendEvents(trx, [storyEvent('story.trending_removed', id, actor)]);
        return Boolean(gone);
      });
      if (!removed) throw new ApiError(404, `Story ${id} is not in trending`);
      return c.json(envelope({ story_id: id, trending: false }, newResponseId()));
    },
  );

  return app;
}
