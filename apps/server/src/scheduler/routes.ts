import { gifTag, PURGE_HEADER } from '@loopbox/edge';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { rowsInOrder } from '../content/gif-row.ts';
import { schedulePostOwner } from '../permissions/ownership.ts';
import { originOf } from '../http/origin.ts';
import { ApiError, envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { presentGif } from '../public-api/present.ts';
import { ACTIVITY_PATH, SCHEDULE_PATH } from './constants.ts';
import type { SchedulerDeps } from './deps.ts';
import { ActivityQuery, PostPath, ScheduleBody, ScheduleQuery } from './fields.ts';
import { schedulerDb } from './schema.ts';
import { cancelPost, schedulePost } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { ActivityAnswer, PostCancelledAnswer, PostScheduledAnswer, ScheduleAnswer } from '@loopbox/contract/scheduler';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The edge drops its cached copies of GIFs whose visibility a call changed. */
const purgeGifs = (ids: readonly string[]) => ({ [PURGE_HEADER]: [...new Set(ids)].map(gifTag).join(',') });

/**
 * The scheduler (SPEC 7.5): `POST schedule` keeps the caller's GIFs private until a time and makes
 * them public then (a GIF public already: private until then, or public all along with only its
 * promotion waiting, as `public_gifs` says); `GET schedule` lists the caller's waiting posts (holding GIFs of `type`);
 * `GET activity` says what was scheduled, published, cancelled or failed, and when; `DELETE
 * schedule/{id}` cancels a waiting post. All under `schedule.manage`: one's own posts, anyone's for staff.
 * Scheduling and cancelling change the GIFs' visibility: their answers purge the edge's copies of them.
 */
export function schedulerRoutes(deps: SchedulerDeps) {
  const app = new Hono<AuthEnv>();
  const db = schedulerDb(deps.db);

  app.post(
    SCHEDULE_PATH,
    describe({
      tag: 'scheduler',
      summary: 'Schedule GIFs to go public',
      description:
        'Your GIFs stay private until `timestamp`, then turn public and trending from it. A GIF public now needs `public_gifs`: private until then, or public all along with only its promotion waiting. 409 when a GIF already waits in another post.',
      access: { permission: 'schedule.manage' },
      body: ScheduleBody,
      status: 201,
      response: PostScheduledAnswer,
    }),
    async (c) => {
      const body = await jsonBody(c, ScheduleBody);
      const user = await authorizeUser(c, 'schedule.manage');
      if (body.timestamp.getTime() <= deps.clock().getTime()) throw new FieldError(400, 'timestamp', 'timestamp must be in the future');
      const actor = actorOf(user, c.var.auth.address);
      const { id, keptPublic } = await deps.db
        .transaction()
        .execute((trx) => schedulePost(trx, user.userId, body.gifs, body.timestamp, actor, body.public_gifs));
      deps.onJobQueued?.();
      const gifs = body.gifs.map((g) => g.id);
      const answer = {
        id,
        publish_at: body.timestamp.toISOString(),
        state: 'scheduled',
        gifs,
        ...(body.public_gifs ? { public_gifs: body.public_gifs } : {}),
        kept_public: keptPublic,
      };
      return c.json(envelope(answer, newResponseId()), 201, purgeGifs(gifs.filter((g) => !keptPublic.includes(g))));
    },
  );

  app.get(
    SCHEDULE_PATH,
    describe({
      tag: 'scheduler',
      summary: 'Your waiting posts',
      description: 'Soonest first, those holding GIFs of `type`, each GIF with whether it stays public while it waits.',
      access: { permission: 'schedule.manage' },
      query: ScheduleQuery,
      response: ScheduleAnswer,
    }),
    async (c) => {
      const q = parseQuery(ScheduleQuery, c.req.query());
      const user = await authorizeUser(c, 'schedule.manage');
      const waiting = db
        .selectFrom('scheduled_posts as p')
        .where('p.user_id', '=', user.userId)
        .where('p.state', '=', 'scheduled')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('scheduled_post_gifs as pg')
              .select('pg.gif_id')
              .whereRef('pg.post_id', '=', 'p.id')
              .where('pg.type', '=', q.type),
          ),
        );
      const total = Number((await waiting.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      const posts = await waiting.selectAll('p').orderBy('p.publish_at').orderBy('p.id').limit(q.limit).offset(q.offset).execute();
      const items = posts.length
        ? await db
            .selectFrom('scheduled_post_gifs')
            .selectAll()
            .where(
              'post_id',
              'in',
              posts.map((p) => p.id),
            )
            .orderBy('gif_id')
            .execute()
        : [];
      await deps.payloads.ready();
      const ctx = { origin: originOf(c, deps), responseId: newResponseId(), eventType: 'GIF_SCHEDULED', signPayload: deps.payloads.sign };
      const rows = new Map(
        (
          await rowsInOrder(
            deps.db,
            items.map((i) => i.gif_id),
          )
        ).map((r) => [r.id, r]),
      );
      const data = posts.map((p) => ({
        id: p.id,
        publish_at: iso(p.publish_at),
        state: p.state,
        created_at: iso(p.created_at),
        gifs: items
          .filter((i) => i.post_id === p.id)
          .map((i) => ({
            id: i.gif_id,
            is_sticker: i.is_sticker,
            type: i.type,
            stays_public: rows.get(i.gif_id)?.visibility === 'public',
            gif: rows.has(i.gif_id) ? presentGif(rows.get(i.gif_id)!, ctx) : null,
          })),
      }));
      return c.json(envelope(data, ctx.responseId, { total_count: total, count: data.length, offset: q.offset }));
    },
  );

  app.get(
    ACTIVITY_PATH,
    describe({
      tag: 'scheduler',
      summary: 'What happened to your posts',
      description: 'Newest first: each post scheduled and, once it ended, how (published, cancelled, failed) and when.',
      access: { permission: 'schedule.manage' },
      query: ActivityQuery,
      response: ActivityAnswer,
    }),
    async (c) => {
      const q = parseQuery(ActivityQuery, c.req.query());
      const user = await authorizeUser(c, 'schedule.manage');
      // Each post says when it was scheduled and, once it ends, how (published, cancelled, failed) and when.
      const { rows } = await sql<{ post_id: string; action: string; at: Date; publish_at: Date; gifs: string[]; error: string | null }>`
      WITH mine AS (SELECT p.*, ARRAY(SELECT gif_id FROM scheduled_post_gifs WHERE post_id = p.id ORDER BY gif_id) AS gifs FROM scheduled_posts p WHERE p.user_id = ${user.userId})
      SELECT id AS post_id, 'scheduled' AS action, created_at AS at, publish_at, gifs, NULL AS error FROM mine
      UNION ALL
      SELECT id, state, finished_at, publish_at, gifs, error FROM mine WHERE state <> 'scheduled' AND finished_at IS NOT NULL
      ORDER BY at DESC, action LIMIT ${q.limit} OFFSET ${q.offset}`.execute(deps.db);
      const data = rows.map((r) => ({
        post_id: r.post_id,
        action: r.action,
        at: new Date(r.at).toISOString(),
        publish_at: new Date(r.publish_at).toISOString(),
        gifs: r.gifs,
        ...(r.error ? { error: r.error } : {}),
      }));
      return c.json(envelope(data, newResponseId(), { count: data.length, offset: q.offset }));
    },
  );

  app.delete(
    `${SCHEDULE_PATH}/:id`,
    describe({
      tag: 'scheduler',
      summary: 'Cancel a waiting post',
      description: "Its GIFs go back to what they were before. Yours, or anyone's for staff; 409 when it is no longer waiting.",
      access: { permission: 'schedule.manage' },
      params: PostPath,
      response: PostCancelledAnswer,
    }),
    async (c) => {
      const { id } = parseFields(PostPath, c.req.param());
      const user = await authorizeUser(c, 'schedule.manage', () => schedulePostOwner(deps.db, id));
      const actor = actorOf(user, c.var.auth.address);
      const post = await db.selectFrom('scheduled_posts').select('state').where('id', '=', id).executeTakeFirst();
      if (!post) throw new ApiError(404, `Scheduled post ${id} not found`);
      const cancelled = await deps.db.transaction().execute((trx) => cancelPost(trx, id, actor, deps.clock()));
      if (!cancelled)
        throw new ApiError(
          409,
          `Scheduled post ${id} is no longer waiting: it was ${post.state === 'scheduled' ? 'published' : post.state} already`,
        );
      const gifs = await db.selectFrom('scheduled_post_gifs').select('gif_id').where('post_id', '=', id).execute();
      return c.json(envelope({ id, state: 'cancelled' }, newResponseId()), 200, purgeGifs(gifs.map((g) => g.gif_id)));
    },
  );

  return app;
}
