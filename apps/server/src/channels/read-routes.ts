import { Hono } from 'hono';
import { listedScope } from '../content-policy/access.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MediaDeps } from '../media-store/media-store.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { rowsInOrder } from '../content/gif-row.ts';
import { originOf } from '../http/origin.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { MAX_IDS } from '../http/params.ts';
import { gifId } from '../http/params.ts';
import { intParam, parseQuery } from '../http/parse.ts';
import { presentGif, type PresentContext } from '../public-api/present.ts';
import { mayRead } from './access.ts';
import { CHILDREN_WITHOUT_PARENT_MESSAGE, DEFAULT_FEED_LIMIT, FEED_EVENT_TYPE, MAX_FEED_LIMIT } from './constants.ts';
import { channelId, slug } from './fields.ts';
import { presentChannel } from './present.ts';
import { channelsDb } from './schema.ts';
import { ancestorsOf, childrenOf, findChannelBySlug, ownedRoots } from './store.ts';
import { channelView, channelViews, type ChannelView } from './view.ts';
import { describe } from '../openapi/describe.ts';
import { ChannelFeedAnswer, ChannelLookupAnswer, ChannelReadAnswer, ChannelsAnswer, GifPlacementsAnswer } from '@loopbox/contract/channels';

const IdPath = z.object({ id: channelId('id') });
const ListQuery = z.object({ slug: slug.optional(), mine: z.enum(['1', 'true'], { error: 'mine must be true' }).optional() });
const FeedQuery = z.object({
  limit: intParam('limit', 1, MAX_FEED_LIMIT, DEFAULT_FEED_LIMIT),
  offset: intParam('offset', 0, 1_000_000, 0),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor must be a cursor from an earlier page')
    .optional(),
});
const ChannelGifsQuery = z.object({
  gif: z
    .string({ error: 'gif is required' })
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(gifId, { error: 'gif must list GIF ids' })
        .min(1, 'gif must list at least one id')
        .max(MAX_IDS, `gif may list at most ${MAX_IDS} ids`),
    ),
});
/** What a path's parent id holds when the caller had none to give (GIPHY's client builds `channels/${id}/children`). */
const NO_PARENT = new Set(['', 'undefined', 'null', 'NaN']);
/** The children of no channel are always a 400: no success answer to describe. */
const NEVER_SUCCEEDS = z.never();

/** A feed cursor: the position and id of the last GIF shown, so paging holds while the feed changes. */
const encodeCursor = (position: number, gifId: string) => Buffer.from(`${position}:${gifId}`).toString('base64url');
function decodeCursor(cursor: string): { position: number; gifId: string } {
  const match = /^(\d{1,9}):([A-Za-z0-9]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new ApiError(400, 'cursor must be a cursor from an earlier page');
  return { position: Number(match[1]), gifId: match[2]! };
}

/**
 * The channel reads of SPEC 7.2: a channel by id (with its ancestors) or by slug, its children, its
 * feed, and which channels hold given GIFs. Hidden and private channels answer only their managers
 * (404 to everyone else, like an unknown id).
 */
export function channelReadRoutes(deps: AuthDeps & MediaDeps & { payloads: PayloadSigner }) {
  const app = new Hono<AuthEnv>();
  const context = (c: Parameters<typeof originOf>[0], eventType: string): PresentContext => ({
    origin: originOf(c, deps),
    mediaBase: deps.mediaPublicUrl,
    responseId: newResponseId(),
    eventType,
    signPayload: deps.payloads.sign,
  });
  const readable = async (c: Parameters<typeof mayRead>[0], views: ChannelView[]) => {
    const shown: ChannelView[] = [];
    for (const view of views) if (await mayRead(c, view)) shown.push(view);
    return shown;
  };
  async function readableView(c: Parameters<typeof mayRead>[0], id: number): Promise<ChannelView> {
    const view = await channelView(deps.db, id);
    if (!view || !(await mayRead(c, view))) throw new ApiError(404, `Channel ${id} not found`);
    return view;
  }
  const noStore = { 'Cache-Control': 'private, no-store' };

  app.on(
    'GET',
    ['/api/v4/channels', '/api/v4/channels/'],
    describe({
      tag: 'channels',
      summary: 'Channels by slug, or your own',
      response: ChannelLookupAnswer,
      description: 'By `slug`, or with `mine=true` the channels you manage.',
      access: { permission: 'channel.manage', when: 'with mine=true' },
      query: ListQuery,
    }),
    async (c) => {
      const q = parseQuery(ListQuery, c.req.query());
      await deps.payloads.ready();
      if (q.mine) {
        const user = await authorizeUser(c, 'channel.manage');
        const ctx = context(c, 'CHANNEL');
        const roots = await channelViews(
          deps.db,
          (await ownedRoots(deps.db, user.userId)).map((r) => r.id),
        );
        return c.json(
          envelope(
            roots.map((v) => presentChannel(v, ctx)),
            ctx.responseId,
            { total_count: roots.length, count: roots.length, offset: 0 },
          ),
          200,
          noStore,
        );
      }
      if (!q.slug) throw new ApiError(400, 'slug is required (or mine=true for your own channels)');
      // A channel the caller may not read answers exactly as an unknown slug does.
      const found = await findChannelBySlug(deps.db, q.slug);
      const view = found ? await channelView(deps.db, found.id) : undefined;
      if (!view || !(await mayRead(c, view))) throw new ApiError(404, `No channel ${q.slug}`);
      const ctx = context(c, 'CHANNEL');
      const ancestors = await readable(
        c,
        await channelViews(
          deps.db,
          (await ancestorsOf(deps.db, view.id)).map((a) => a.id),
        ),
      );
      return c.json(envelope(presentChannel(view, ctx, { ancestors }), ctx.responseId), 200, noStore);
    },
  );

  const noParent = () => {
    throw new ApiError(400, CHILDREN_WITHOUT_PARENT_MESSAGE);
  };
  app.get(
    '/api/v4/channels/children/',
    describe({
      tag: 'channels',
      summary: 'Children of no channel',
      description: "GIPHY's client asks this when it has no parent id: a 400 saying so.",
      access: 'anyone',
      response: NEVER_SUCCEEDS,
    }),
    noParent,
  );
  app.get(
    '/api/v4/channels//children/',
    describe({
      tag: 'channels',
      summary: 'Children of no channel (empty id)',
      description: 'The same 400 as without a parent id.',
      access: 'anyone',
      response: NEVER_SUCCEEDS,
    }),
    noParent,
  );

  app.get(
    '/api/v4/channels/:id/children/',
    describe({
      tag: 'channels',
      summary: "A channel's children",
      response: ChannelsAnswer,
      description: 'Hidden and private channels answer only their managers.',
      access: 'anyone',
      params: IdPath,
    }),
    async (c) => {
      if (NO_PARENT.has(c.req.param('id'))) noParent();
      const { id } = parseQuery(IdPath, c.req.param());
      const parent = await readableView(c, id);
      await deps.payloads.ready();
      const ctx = context(c, 'CHANNEL');
      const children = await readable(
        c,
        await channelViews(
          deps.db,
          (await childrenOf(deps.db, parent.id)).map((k) => k.id),
        ),
      );
      return c.json(
        envelope(
          children.map((k) => presentChannel(k, ctx)),
          ctx.responseId,
          { total_count: children.length, count: children.length, offset: 0 },
        ),
        200,
        noStore,
      );
    },
  );

  app.get(
    '/api/v4/channels/:id/feed/',
    describe({
      tag: 'channels',
      summary: "A channel's feed",
      response: ChannelFeedAnswer,
      description: 'Its GIFs in order, paged by offset or cursor.',
      access: 'anyone',
      params: IdPath,
      query: FeedQuery,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const q = parseQuery(FeedQuery, c.req.query());
      const channel = await readableView(c, id);
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      const db = channelsDb(deps.db);
      const shown = db
        .selectFrom('channel_gifs as cg')
        .innerJoin('gifs as g', 'g.id', 'cg.gif_id')
        .where('cg.channel_id', '=', id)
        .where(listedScope);
      const [{ n }, rows] = await Promise.all([
        shown.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        shown
          .select(['cg.gif_id', 'cg.position'])
          .$if(after !== undefined, (qb) => qb.where(sql<boolean>`(cg.position, cg.gif_id) > (${after!.position}, ${after!.gifId})`))
          .orderBy('cg.position')
          .orderBy('cg.gif_id')
          .limit(q.limit)
          .$if(after === undefined, (qb) => qb.offset(q.offset))
          .execute(),
      ]);
      await deps.payloads.ready();
      const ctx = context(c, FEED_EVENT_TYPE);
      const gifs = (
        await rowsInOrder(
          deps.db,
          rows.map((r) => r.gif_id),
        )
      ).map((g) => presentGif(g, ctx));
      const total = Number(n);
      const last = rows.at(-1);
      const offset = after ? undefined : q.offset;
      const more = last !== undefined && rows.length === q.limit && (offset === undefined || offset + rows.length < total);
      return c.json(
        {
          ...envelope(gifs, ctx.responseId, { total_count: total, count: gifs.length, offset: offset ?? 0 }),
          ...(more ? { next_cursor: encodeCursor(last.position, last.gif_id) } : {}),
          channel: { id: channel.id, slug: channel.slug, flush_uuid: channel.flush_uuid },
        },
        200,
        noStore,
      );
    },
  );

  app.on(
    'GET',
    ['/api/v4/channels/:id', '/api/v4/channels/:id/'],
    describe({
      tag: 'channels',
      summary: 'A channel',
      response: ChannelReadAnswer,
      description: 'With its ancestors. Hidden and private channels answer only their managers.',
      access: 'anyone',
      params: IdPath,
    }),
    async (c) => {
      const { id } = parseQuery(IdPath, c.req.param());
      const view = await readableView(c, id);
      await deps.payloads.ready();
      const ctx = context(c, 'CHANNEL');
      const ancestors = await readable(
        c,
        await channelViews(
          deps.db,
          (await ancestorsOf(deps.db, view.id)).map((a) => a.id),
        ),
      );
      return c.json(envelope(presentChannel(view, ctx, { ancestors }), ctx.responseId), 200, noStore);
    },
  );

  app.get(
    '/api/v4/channel-gifs/',
    describe({
      tag: 'channels',
      summary: 'The channels holding GIFs',
      response: GifPlacementsAnswer,
      access: 'anyone',
      query: ChannelGifsQuery,
    }),
    async (c) => {
      const { gif } = parseQuery(ChannelGifsQuery, c.req.query());
      const rows = await channelsDb(deps.db)
        .selectFrom('channel_gifs as cg')
        .innerJoin('channels as ch', 'ch.id', 'cg.channel_id')
        .select([
          'cg.gif_id',
          'cg.position',
          'cg.source',
          'ch.id',
          'ch.slug',
          'ch.display_name',
          'ch.is_visible',
          'ch.is_private',
          'ch.user_id',
        ])
        .where('cg.gif_id', 'in', gif)
        .orderBy('cg.gif_id')
        .orderBy('ch.id')
        .execute();
      const origin = originOf(c, deps);
      const data = [];
      for (const r of rows) {
        if (!(await mayRead(c, r))) continue;
        data.push({
          gif: r.gif_id,
          channel: r.id,
          position: r.position,
          source: r.source,
          channel_slug: r.slug,
          channel_display_name: r.display_name,
          channel_url: `${origin}/channels/${r.slug}`,
        });
      }
      return c.json(envelope(data, newResponseId(), { total_count: data.length, count: data.length, offset: 0 }), 200, noStore);
    },
  );

  return app;
}
