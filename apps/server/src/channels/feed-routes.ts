import { Hono } from 'hono';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { JobQueueDeps } from '../jobs/queue.ts';
import { jsonBody } from '../http/json-body.ts';
import { JOB_STATUS } from '../jobs/constants.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { managerOf, purgeChannels } from './access.ts';
import { BULK_ADD_INLINE_MAX, JOB_KINDS } from './constants.ts';
import { addToFeed, moveInFeed, removeFromFeed } from './feed.ts';
import { ChannelGifs, ChannelGifsRemoval } from './fields.ts';
import { channelEvent, flushChannels, lockChannel } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { FeedAddAnswer, FeedRemoveAnswer } from '@loopbox/contract/channels';

/**
 * POST /api/v4/channel-gifs/ {channel, gif, position?} adds GIFs to a feed (at `position`, default
 * the end), or moves one already there to `position` (reordering); more than BULK_ADD_INLINE_MAX GIFs
 * run as an update job (202 with its id). POST /api/v4/channel-gifs/remove/ {channel, gif} takes them
 * out. Every change is an event, a new flush_uuid and a purge of the channel's cached answers.
 */
export function channelGifRoutes(deps: AuthDeps & JobQueueDeps) {
  const app = new Hono<AuthEnv>();

  app.post(
    '/api/v4/channel-gifs/',
    describe({
      tag: 'channels',
      summary: 'Add GIFs to a channel',
      response: FeedAddAnswer,
      description: 'At a position, or on top. Many GIFs are added by a job (202 with its id; follow it at /api/v4/channels/retrieve-job/).',
      access: { permission: 'channel.manage' },
      body: ChannelGifs,
    }),
    async (c) => {
      const body = await jsonBody(c, ChannelGifs);
      const { user, actor } = await managerOf(c, deps, body.channel);
      const gifs = [...new Set(body.gif)];
      if (gifs.length > BULK_ADD_INLINE_MAX) {
        const job = await deps.db.transaction().execute(async (trx) => {
          const channel = await lockChannel(trx, body.channel);
          const id = await enqueueJob(trx, {
            kind: JOB_KINDS.bulkAdd,
            payload: { channel: body.channel, gifs, ...(body.position !== undefined ? { position: body.position } : {}) },
            ownerId: channel?.user_id ?? null,
            createdBy: user.userId,
          });
          await appendEvents(trx, [channelEvent('channel.bulk_add_queued', body.channel, actor, { job: id, gifs: gifs.length })]);
          return id;
        });
        deps.onJobQueued?.();
        return c.json(envelope({ channel: body.channel, job: job, status: JOB_STATUS.queued }, newResponseId()), 202);
      }
      const known = new Set(
        (await deps.db.selectFrom('gifs').select('id').where('id', 'in', gifs).where('is_removed', '=', false).execute()).map((g) => g.id),
      );
      const unknown = gifs.find((id) => !known.has(id));
      if (unknown) throw new FieldError(404, 'gif', `GIF ${unknown} not found`);
      const result = await deps.db.transaction().execute(async (trx) => {
        await lockChannel(trx, body.channel);
        if (gifs.length === 1 && body.position !== undefined) {
          const before = await trx
            .selectFrom('channel_gifs')
            .select('position')
            .where('channel_id', '=', body.channel)
            .where('gif_id', '=', gifs[0]!)
            .executeTakeFirst();
          if (before && (await moveInFeed(trx, body.channel, gifs[0]!, body.position))) {
            if (before.position !== body.position) {
              await flushChannels(trx, [body.channel]);
              await appendEvents(trx, [
                channelEvent('channel.gif_moved', body.channel, actor, { gif: gifs[0], from: before.position, to: body.position }),
              ]);
            }
            return { added: [], moved: gifs[0] };
          }
        }
        const added = await addToFeed(trx, body.channel, gifs, {
          source: 'manual',
          ...(body.position !== undefined ? { position: body.position } : {}),
        });
        if (added.length > 0) {
          await flushChannels(trx, [body.channel]);
          await appendEvents(trx, [
            channelEvent('channel.gifs_added', body.channel, actor, { gifs: added, position: body.position ?? null, source: 'manual' }),
          ]);
        }
        return { added, moved: null };
      });
      return c.json(envelope({ channel: body.channel, ...result }, newResponseId()), 200, purgeChannels([body.channel]));
    },
  );

  app.post(
    '/api/v4/channel-gifs/remove/',
    describe({
      tag: 'channels',
      summary: 'Remove GIFs from a channel',
      response: FeedRemoveAnswer,
      access: { permission: 'channel.manage' },
      body: ChannelGifsRemoval,
    }),
    async (c) => {
      const body = await jsonBody(c, ChannelGifsRemoval);
      const { actor } = await managerOf(c, deps, body.channel);
      const removed = await deps.db.transaction().execute(async (trx) => {
        await lockChannel(trx, body.channel);
        const gone = await removeFromFeed(trx, body.channel, body.gif, { byPerson: true });
        if (gone.length > 0) {
          await flushChannels(trx, [body.channel]);
          await appendEvents(trx, [channelEvent('channel.gifs_removed', body.channel, actor, { gifs: gone, source: 'manual' })]);
        }
        return gone;
      });
      return c.json(envelope({ channel: body.channel, removed }, newResponseId()), 200, purgeChannels([body.channel]));
    },
  );

  return app;
}
