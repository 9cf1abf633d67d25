import { Hono, type Context } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import { sql, type Kysely } from 'kysely';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { UserPrincipal } from '../auth/principal.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { JobQueueDeps } from '../jobs/queue.ts';
import type { MediaDeps } from '../media-store/media-store.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JOB_STATUS } from '../jobs/constants.ts';
import { channelOwner, lookupOnce } from '../permissions/ownership.ts';
import { originOf } from '../http/origin.ts';
import { ApiError, envelope, FieldError, newResponseId } from '../http/envelope.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import type { Database } from '../store/schema.ts';
import { managerOf, purgeChannels } from './access.ts';
import { CHANNEL_IMAGE_MAX_BYTES, JOB_KINDS, MAX_TREE_DEPTH, MOVE_INLINE_SUBTREE_MAX } from './constants.ts';
import { ChannelChanges, channelId, Move, NewChannel } from './fields.ts';
import { removeChannelImage, saveChannelImage } from './images.ts';
import { presentChannel } from './present.ts';
import { channelsDb } from './schema.ts';
import { ancestorsOf, channelEvent, findChannel, flushChannels, placeAmongSiblings, subtreeOf } from './store.ts';
import { channelView } from './view.ts';
import { z } from 'zod';
import { describe } from '../openapi/describe.ts';
import { LOCK_KEYS } from '../store/lock-keys.ts';
import { ChannelAnswer, ChannelMovedAnswer } from '@loopbox/contract/channels';

/** Tree changes (create, move) take the tree's lock, so a cycle check and the move it allows see one tree, in every process. */
const lockTree = (trx: Kysely<Database>) => sql`SELECT pg_advisory_xact_lock(${LOCK_KEYS.channelTree})`.execute(trx);
const IdPath = z.object({ id: channelId('id') });

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** The body of a PATCH: JSON, or multipart/form-data with `banner` and `avatar` pictures beside text fields. */
async function readChanges(c: Context) {
  const type = c.req.header('content-type') ?? '';
  if (/^application\/json\b/i.test(type)) return { changes: await jsonBody(c, ChannelChanges), images: {} };
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError(415, 'Send JSON, or multipart/form-data with banner or avatar pictures');
  const { banner, avatar, ...fields } = await c.req.parseBody();
  const picture = async (name: string, value: unknown) => {
    if (value === undefined) return undefined;
    if (!(value instanceof File)) throw new FieldError(400, name, `${name} must be a picture file`);
    return new Uint8Array(await value.arrayBuffer());
  };
  return {
    changes: parseFields(ChannelChanges, fields),
    images: { banner: await picture('banner', banner), avatar: await picture('avatar', avatar) },
  };
}

/** How deep a channel sits: 1 for a root. */
async function depthOf(db: Kysely<Database>, id: number): Promise<number> {
  return (await ancestorsOf(db, id)).length + 1;
}

/**
 * POST /api/v4/channels/ (create, at the root or under a channel the caller manages), PATCH
 * /api/v4/channels/{id}/ (fields, banner, avatar, featured GIF, flags) and POST
 * /api/v4/channels/{id}/move/ (a position among siblings and/or a new parent, never into its own
 * subtree). Each change is a domain event in its transaction, gives the channels it touches a new
 * flush_uuid and names them in the edge's purge header.
 */
export function channelWriteRoutes(deps: AuthDeps & JobQueueDeps & MediaDeps & { payloads: PayloadSigner }) {
  const app = new Hono<AuthEnv>();
  const answer = async (c: Context<AuthEnv>, id: number) => {
    await deps.payloads.ready();
    const view = await channelView(deps.db, id);
    if (!view) throw new ApiError(404, `Channel ${id} not found`);
    const responseId = newResponseId();
    return presentChannel(view, {
      origin: originOf(c, deps),
      mediaBase: deps.mediaPublicUrl,
      responseId,
      eventType: 'CHANNEL',
      signPayload: deps.payloads.sign,
    });
  };

  app.post(
    '/api/v4/channels/',
    describe({
      tag: 'channels',
      summary: 'Create a channel',
      response: ChannelAnswer,
      description:
        "At the root (your own: `channel.create`), or under a `parent` you manage (`channel.manage` of the parent; its tree's owner owns the new channel).",
      access: { permission: 'channel.create' },
      alsoAsks: ['channel.manage'],
      status: 201,
      body: NewChannel,
    }),
    async (c) => {
      const body = await jsonBody(c, NewChannel);
      const parentId = body.parent ?? null;
      // Under a parent: the parent's manager makes it, and the tree's owner owns it. At the root: the caller's own.
      let ownerId: number | null;
      let user: UserPrincipal;
      if (parentId !== null) {
        const parentOwner = lookupOnce(() => channelOwner(deps.db, parentId));
        user = await authorizeUser(c, 'channel.manage', parentOwner);
        const owner = await parentOwner();
        if (owner === undefined) throw new FieldError(404, 'parent', `Channel ${parentId} not found`);
        ownerId = owner;
        if ((await depthOf(deps.db, parentId)) + 1 > MAX_TREE_DEPTH)
          throw new FieldError(400, 'parent', `Channels nest at most ${MAX_TREE_DEPTH} deep`);
      } else {
        user = await authorizeUser(c, 'channel.create');
        ownerId = user.userId;
      }
      const holder = await deps.db.selectFrom('users').select('id').where(sql`lower(username)`, '=', body.slug).executeTakeFirst();
      if (holder && holder.id !== ownerId) throw new FieldError(409, 'slug', 'That address is a person’s profile; choose another slug');
      const actor = actorOf(user, c.var.auth.address);
      let id: number;
      try {
        id = await deps.db.transaction().execute(async (trx) => {
          await lockTree(trx);
          const row = await channelsDb(trx)
            .insertInto('channels')
            .values({
              slug: body.slug,
              display_name: body.display_name,
              short_display_name: body.short_display_name ?? body.display_name,
              description: body.description ?? '',
              type: body.type ?? 'community',
              content_type: body.content_type ?? 'gif',
              parent_id: parentId,
              user_id: ownerId,
              is_visible: body.is_visible ?? true,
              is_private: body.is_private ?? false,
              position: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await placeAmongSiblings(trx, parentId, row.id, body.position);
          if (parentId !== null) await flushChannels(trx, [parentId]);
          await appendEvents(trx, [channelEvent('channel.created', row.id, actor, { slug: body.slug, parent: parentId, owner: ownerId })]);
          return row.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new FieldError(409, 'slug', 'That slug is taken');
        throw err;
      }
      return c.json(envelope(await answer(c, id), newResponseId()), 201, purgeChannels(parentId === null ? [id] : [id, parentId]));
    },
  );

  app.patch(
    '/api/v4/channels/:id/',
    describe({
      tag: 'channels',
      summary: 'Edit a channel',
      response: ChannelAnswer,
      description: `JSON, or a multipart form that may carry \`banner\` and \`avatar\` pictures (at most ${CHANNEL_IMAGE_MAX_BYTES / 1024 / 1024} MB each).`,
      access: { permission: 'channel.manage' },
      params: IdPath,
      body: ChannelChanges,
    }),
    bodyLimit({
      maxSize: 2 * CHANNEL_IMAGE_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new FieldError(413, 'banner', `pictures must be at most ${CHANNEL_IMAGE_MAX_BYTES / 1024 / 1024} MB each`);
      },
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const { actor } = await managerOf(c, deps, id);
      const { changes, images } = await readChanges(c);
      const { featured_gif, ...fields } = changes;
      if (featured_gif) {
        const gif = await deps.db
          .selectFrom('gifs')
          .select('id')
          .where('id', '=', featured_gif)
          .where('is_removed', '=', false)
          .executeTakeFirst();
        if (!gif) throw new FieldError(404, 'featured_gif', `GIF ${featured_gif} not found`);
      }
      const before = await findChannel(deps.db, id);
      if (!before) throw new ApiError(404, `Channel ${id} not found`);
      const banner = images.banner ? await saveChannelImage(deps.mediaStore, id, 'banner', images.banner) : undefined;
      const avatar = images.avatar ? await saveChannelImage(deps.mediaStore, id, 'avatar', images.avatar) : undefined;
      const set = {
        ...fields,
        ...(featured_gif !== undefined ? { featured_gif_id: featured_gif || null } : {}),
        ...(banner ? { banner } : {}),
        ...(avatar ? { avatar } : {}),
      };
      const changed = Object.keys(set);
      try {
        if (changed.length > 0) {
          await deps.db.transaction().execute(async (trx) => {
            await channelsDb(trx).updateTable('channels').set(set).where('id', '=', id).execute();
            await flushChannels(trx, [id]);
            await appendEvents(trx, [channelEvent('channel.updated', id, actor, { fields: changed })]);
          });
        }
      } catch (err) {
        await Promise.all([banner, avatar].map((file) => removeChannelImage(deps.mediaStore, file)));
        throw err;
      }
      if (banner) await removeChannelImage(deps.mediaStore, before.banner);
      if (avatar) await removeChannelImage(deps.mediaStore, before.avatar);
      return c.json(envelope(await answer(c, id), newResponseId()), 200, purgeChannels([id]));
    },
  );

  app.post(
    '/api/v4/channels/:id/move/',
    describe({
      tag: 'channels',
      summary: 'Move a channel',
      response: ChannelMovedAnswer,
      description: 'Under another channel you manage (`channel.manage` of both), or to the root (`channel.create`).',
      access: { permission: 'channel.manage' },
      alsoAsks: ['channel.create'],
      params: IdPath,
      body: Move,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const { user, actor } = await managerOf(c, deps, id);
      const move = await jsonBody(c, Move);
      const target = move.target_channel;
      if (target !== undefined && target !== null) {
        const targetOwner = lookupOnce(() => channelOwner(deps.db, target));
        await authorizeUser(c, 'channel.manage', targetOwner);
        if ((await targetOwner()) === undefined) throw new FieldError(404, 'target_channel', `Channel ${target} not found`);
      } else if (target === null) {
        await authorizeUser(c, 'channel.create');
      }
      const outcome = await deps.db.transaction().execute(async (trx) => {
        await lockTree(trx);
        const channel = await findChannel(trx, id);
        if (!channel) throw new ApiError(404, `Channel ${id} not found`);
        const from = channel.parent_id;
        const to = target === undefined ? from : target;
        const subtree = await subtreeOf(trx, id);
        if (to !== null && subtree.ids.includes(to))
          throw new FieldError(400, 'target_channel', 'A channel cannot move into itself or its own subtree');
        if (to !== null && to !== from && (await depthOf(trx, to)) + 1 + subtree.depth > MAX_TREE_DEPTH)
          throw new FieldError(400, 'target_channel', `Channels nest at most ${MAX_TREE_DEPTH} deep`);
        if (to !== from) {
          await channelsDb(trx).updateTable('channels').set({ parent_id: to }).where('id', '=', id).execute();
          await placeAmongSiblings(trx, from, null);
        }
        await placeAmongSiblings(trx, to, id, move.position);
        const touched = [id, ...(from !== null ? [from] : []), ...(to !== null && to !== from ? [to] : [])];
        await flushChannels(trx, touched);
        await appendEvents(trx, [
          channelEvent('channel.moved', id, actor, { from_parent: from, to_parent: to, position: move.position ?? null }),
        ]);
        // Below the moved channel every breadcrumb changed: flushed here when few, by an update job when many.
        const below = subtree.ids.filter((x) => x !== id);
        let job: string | undefined;
        if (to !== from && below.length > MOVE_INLINE_SUBTREE_MAX) {
          job = await enqueueJob(trx, {
            kind: JOB_KINDS.flushSubtree,
            payload: { channels: below, moved: id },
            ownerId: channel.user_id,
            createdBy: user.userId,
          });
        } else if (to !== from && below.length > 0) {
          await flushChannels(trx, below);
        }
        return { touched: [...touched, ...(job ? [] : below)], job };
      });
      if (outcome.job) deps.onJobQueued?.();
      const data = { ...(await answer(c, id)), ...(outcome.job ? { job: outcome.job, job_status: JOB_STATUS.queued } : {}) };
      return c.json(envelope(data, newResponseId()), outcome.job ? 202 : 200, purgeChannels(outcome.touched));
    },
  );

  return app;
}
