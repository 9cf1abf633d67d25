import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { JobQueueDeps } from '../jobs/queue.ts';
import { jsonBody } from '../http/json-body.ts';
import { JOB_STATUS } from '../jobs/constants.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { ApiError, envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { managerOf, purgeChannels } from './access.ts';
import { JOB_KINDS, MAGIC_TAGS_MAX, RANKED_TAGS_MAX } from './constants.ts';
import { channelId, NewMagicTag, NewRankedTag, RankedTagChanges } from './fields.ts';
import { channelsDb } from './schema.ts';
import { channelEvent, flushChannels, lockChannel } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { MagicTagQueuedAnswer, MagicTagRemovedAnswer, RankedTagAnswer, RankedTagRemovedAnswer } from '@loopbox/contract/channels';

const IdPath = z.object({ id: channelId('id') });

/** The channel a POST names: in the body, or as the path's id (`/channel-…-tags/{channel}/`); both must agree. */
function channelOf(c: Context, body: { channel?: number | undefined }): number {
  const fromPath = c.req.param('id') === undefined ? undefined : parseQuery(IdPath, { id: c.req.param('id')! }).id;
  if (fromPath !== undefined && body.channel !== undefined && fromPath !== body.channel)
    throw new FieldError(400, 'channel', 'channel must match the channel in the path');
  const id = body.channel ?? fromPath;
  if (id === undefined) throw new FieldError(400, 'channel', 'channel is required');
  return id;
}

/** Renumbers a channel's ranked tags 0 … n − 1, with `tagId` (when given) at `rank` (default: last). */
async function rerank(trx: Kysely<Database>, channel: number, tagId: number | null, rank?: number): Promise<void> {
  const db = channelsDb(trx);
  const others = await db
    .selectFrom('channel_ranked_tags')
    .select('id')
    .where('channel_id', '=', channel)
    .$if(tagId !== null, (qb) => qb.where('id', '!=', tagId!))
    .orderBy('rank')
    .orderBy('id')
    .execute();
  const order = others.map((t) => t.id);
  if (tagId !== null) order.splice(Math.min(rank ?? order.length, order.length), 0, tagId);
  for (const [index, id] of order.entries())
    await db.updateTable('channel_ranked_tags').set({ rank: index }).where('id', '=', id).where('rank', '!=', index).execute();
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Ranked tags (the ordered tags a channel shows: POST, PATCH, DELETE /api/v4/channel-ranked-tags/)
 * and magic tags (POST, DELETE /api/v4/channel-magic-tags/: every public GIF carrying one joins the
 * feed, now and later). A magic tag change answers at once with the id of the update job that
 * brings the feed in line (202); GET /api/v4/channels/retrieve-job/?job= follows it.
 */
export function channelTagRoutes(deps: AuthDeps & JobQueueDeps) {
  const app = new Hono<AuthEnv>();
  const rankedTagChannel = async (id: number) => {
    const row = await channelsDb(deps.db)
      .selectFrom('channel_ranked_tags')
      .select(['channel_id', 'tag'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, `Ranked tag ${id} not found`);
    return row;
  };
  const rankedTagAnswer = async (id: number) =>
    channelsDb(deps.db)
      .selectFrom('channel_ranked_tags')
      .select(['id', 'channel_id as channel', 'tag', 'rank'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const createRanked = async (c: Context<AuthEnv>) => {
    const body = await jsonBody(c, NewRankedTag);
    const channel = channelOf(c, body);
    const { actor } = await managerOf(c, deps, channel);
    let id: number;
    try {
      id = await deps.db.transaction().execute(async (trx) => {
        await lockChannel(trx, channel);
        const db = channelsDb(trx);
        const { n } = await db
          .selectFrom('channel_ranked_tags')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('channel_id', '=', channel)
          .executeTakeFirstOrThrow();
        if (Number(n) >= RANKED_TAGS_MAX) throw new FieldError(400, 'tag', `A channel shows at most ${RANKED_TAGS_MAX} ranked tags`);
        const row = await db
          .insertInto('channel_ranked_tags')
          .values({ channel_id: channel, tag: body.tag, rank: Number(n) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await rerank(trx, channel, row.id, body.rank);
        await flushChannels(trx, [channel]);
        await appendEvents(trx, [
          channelEvent('channel.ranked_tag_added', channel, actor, { id: row.id, tag: body.tag, rank: body.rank ?? null }),
        ]);
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new FieldError(409, 'tag', `The channel already shows ${body.tag}`);
      throw err;
    }
    return c.json(envelope(await rankedTagAnswer(id), newResponseId()), 201, purgeChannels([channel]));
  };
  const describeRanked = describe({
    tag: 'channels',
    summary: 'Add a ranked tag to a channel',
    response: RankedTagAnswer,
    description: 'The channel by `channel` in the body or the path.',
    access: { permission: 'channel.manage' },
    status: 201,
    body: NewRankedTag,
  });
  app.post('/api/v4/channel-ranked-tags/', describeRanked, createRanked);
  app.post('/api/v4/channel-ranked-tags/:id/', describeRanked, createRanked);

  app.patch(
    '/api/v4/channel-ranked-tags/:id/',
    describe({
      tag: 'channels',
      summary: 'Change a ranked tag',
      response: RankedTagAnswer,
      access: { permission: 'channel.manage' },
      params: IdPath,
      body: RankedTagChanges,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const { channel_id: channel } = await rankedTagChannel(id);
      const { actor } = await managerOf(c, deps, channel);
      const body = await jsonBody(c, RankedTagChanges);
      try {
        await deps.db.transaction().execute(async (trx) => {
          await lockChannel(trx, channel);
          if (body.tag !== undefined)
            await channelsDb(trx).updateTable('channel_ranked_tags').set({ tag: body.tag }).where('id', '=', id).execute();
          if (body.rank !== undefined) await rerank(trx, channel, id, body.rank);
          await flushChannels(trx, [channel]);
          await appendEvents(trx, [channelEvent('channel.ranked_tag_updated', channel, actor, { id, ...body })]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new FieldError(409, 'tag', `The channel already shows ${body.tag}`);
        throw err;
      }
      return c.json(envelope(await rankedTagAnswer(id), newResponseId()), 200, purgeChannels([channel]));
    },
  );

  app.delete(
    '/api/v4/channel-ranked-tags/:id/',
    describe({
      tag: 'channels',
      summary: 'Remove a ranked tag',
      response: RankedTagRemovedAnswer,
      access: { permission: 'channel.manage' },
      params: IdPath,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const { channel_id: channel, tag } = await rankedTagChannel(id);
      const { actor } = await managerOf(c, deps, channel);
      await deps.db.transaction().execute(async (trx) => {
        await lockChannel(trx, channel);
        await channelsDb(trx).deleteFrom('channel_ranked_tags').where('id', '=', id).execute();
        await rerank(trx, channel, null);
        await flushChannels(trx, [channel]);
        await appendEvents(trx, [channelEvent('channel.ranked_tag_removed', channel, actor, { id, tag })]);
      });
      return c.json(envelope({ id, channel, deleted: true }, newResponseId()), 200, purgeChannels([channel]));
    },
  );

  const createMagic = async (c: Context<AuthEnv>) => {
    const body = await jsonBody(c, NewMagicTag);
    const channel = channelOf(c, body);
    const { user, actor } = await managerOf(c, deps, channel);
    let made: { id: number; job: string };
    try {
      made = await deps.db.transaction().execute(async (trx) => {
        const locked = await lockChannel(trx, channel);
        const db = channelsDb(trx);
        const { n } = await db
          .selectFrom('channel_magic_tags')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('channel_id', '=', channel)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAGIC_TAGS_MAX) throw new FieldError(400, 'tag', `A channel has at most ${MAGIC_TAGS_MAX} magic tags`);
        const row = await db
          .insertInto('channel_magic_tags')
          .values({ channel_id: channel, tag: body.tag })
          .returning('id')
          .executeTakeFirstOrThrow();
        const job = await enqueueJob(trx, {
          kind: JOB_KINDS.magicSync,
          payload: { channel },
          ownerId: locked?.user_id ?? null,
          createdBy: user.userId,
        });
        await flushChannels(trx, [channel]);
        await appendEvents(trx, [channelEvent('channel.magic_tag_added', channel, actor, { id: row.id, tag: body.tag, job })]);
        return { id: row.id, job };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new FieldError(409, 'tag', `${body.tag} is already a magic tag of this channel`);
      throw err;
    }
    deps.onJobQueued?.();
    return c.json(
      envelope({ id: made.id, channel, tag: body.tag, job: made.job, status: JOB_STATUS.queued }, newResponseId()),
      202,
      purgeChannels([channel]),
    );
  };
  const describeMagic = describe({
    tag: 'channels',
    summary: 'Add a magic tag to a channel',
    response: MagicTagQueuedAnswer,
    description: 'GIFs with the tag join the channel by a job (202) and by a periodic sweep.',
    access: { permission: 'channel.manage' },
    status: 202,
    body: NewMagicTag,
  });
  app.post('/api/v4/channel-magic-tags/', describeMagic, createMagic);
  app.post('/api/v4/channel-magic-tags/:id/', describeMagic, createMagic);

  app.delete(
    '/api/v4/channel-magic-tags/:id/',
    describe({
      tag: 'channels',
      summary: 'Remove a magic tag',
      response: MagicTagRemovedAnswer,
      description: 'Its GIFs leave the channel by a job (202).',
      access: { permission: 'channel.manage' },
      status: 202,
      params: IdPath,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const row = await channelsDb(deps.db)
        .selectFrom('channel_magic_tags')
        .select(['channel_id', 'tag'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, `Magic tag ${id} not found`);
      const channel = row.channel_id;
      const { user, actor } = await managerOf(c, deps, channel);
      const job = await deps.db.transaction().execute(async (trx) => {
        const locked = await lockChannel(trx, channel);
        await channelsDb(trx).deleteFrom('channel_magic_tags').where('id', '=', id).execute();
        const queued = await enqueueJob(trx, {
          kind: JOB_KINDS.magicSync,
          payload: { channel },
          ownerId: locked?.user_id ?? null,
          createdBy: user.userId,
        });
        await flushChannels(trx, [channel]);
        await appendEvents(trx, [channelEvent('channel.magic_tag_removed', channel, actor, { id, tag: row.tag, job: queued })]);
        return queued;
      });
      deps.onJobQueued?.();
      return c.json(
        envelope({ id, channel, deleted: true, job, status: JOB_STATUS.queued }, newResponseId()),
        202,
        purgeChannels([channel]),
      );
    },
  );

  return app;
}
