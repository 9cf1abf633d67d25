import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { parseFields } from '../http/json-body.ts';
import { relatedTags } from '../content/tags.ts';
import { selectGifs, type GifRow } from '../content/gif-row.ts';
import { originOf } from '../http/origin.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { presentGif, type PresentContext } from '../public-api/present.ts';
import { listedScope } from '../content-policy/access.ts';
import { GIF_STATES, gifStateOf, gifStateSql } from '../content-policy/states.ts';
import { STATE_NOTICES } from '../content-policy/table.ts';
import { gifId, offset } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { creatorsDb } from '../uploads/schema.ts';
import { ratingField, visibilityField } from '../uploads/fields.ts';
import { userOwner } from '../permissions/ownership.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { METADATA_MAX_IDS, MY_GIFS_PAGE, RELATED_TAGS_LIMIT } from './constants.ts';
import { languageTagsOf } from './language-tags.ts';
import { openableIds, requireOpenable } from '../content-policy/request.ts';
import { describe } from '../openapi/describe.ts';
import type { Built } from '@loopbox/contract/common';
import {
  GifExtendedMetadataAnswer,
  type GifMetadata,
  GifMetadataAnswer,
  type LanguageTags,
  MyGifsAnswer,
  type MyGifTombstone,
  RelatedTagsAnswer,
  TagCountsAnswer,
} from '@loopbox/contract/gif-management';

const GifIdsQuery = z.object({
  gif_ids: z
    .string({ error: 'gif_ids is required' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(gifId)
        .min(1, 'gif_ids must name at least one GIF')
        .max(METADATA_MAX_IDS, `gif_ids may name at most ${METADATA_MAX_IDS} GIFs`),
    ),
});
const GifPath = z.object({ id: gifId });
const TagPath = z.object({
  tag: z
    .string()
    .transform(normaliseFreeText)
    .pipe(z.string().min(1, 'tag must not be empty').max(50, 'tag must be at most 50 characters')),
});
const MyGifsQuery = z.object({
  q: z.string().transform(normaliseFreeText).pipe(z.string().max(50, 'q must be at most 50 characters')).optional(),
  type: z.enum(['gif', 'sticker', 'video'], { error: 'type must be gif, sticker or video' }).optional(),
  visibility: visibilityField.optional(),
  /** The GIF's state under the content policy (what My GIFs shows), not only what its owner chose. */
  state: z.enum(GIF_STATES, { error: `state must be one of ${GIF_STATES.join(', ')}` }).optional(),
  rating: ratingField.optional(),
  username: z.string().max(40).optional(),
  offset,
});
/** GIPHY's analytics event type for GIFs shown in a creator's dashboard. */
const DASHBOARD_EVENT_TYPE = 'GIF_DASHBOARD';

type Row = GifRow;

/**
 * A GIF in My GIFs with its policy state and, when others cannot see it as its owner does, the
 * notice why. A GIF removed by the moderators or taken down is a tombstone: what it was called and
 * why it is gone, never its media.
 */
function myGif(row: Row, ctx: PresentContext, languageTags: LanguageTags) {
  const state = gifStateOf(row);
  const notice = STATE_NOTICES[state] ?? null;
  if (state === 'removed' || state === 'taken_down') {
    const tombstone: Built<typeof MyGifTombstone> = {
      id: row.id,
      type: row.type,
      title: row.title,
      state,
      notice,
      visibility: row.visibility,
      tombstone: true,
      removed_at: row.removed_at,
      create_datetime: row.create_datetime,
    };
    return tombstone;
  }
  return {
    ...presentGif(row, ctx),
    state,
    notice,
    tombstone: false,
    visibility: row.visibility,
    cta: row.cta,
    language_tags: languageTags,
  };
}

function metadataOf(row: Row): Built<typeof GifMetadata> {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    alt_text: row.alt_text,
    tags: row.tags,
    rating: row.rating,
    visibility: row.visibility,
    source_post_url: row.source,
    username: row.user?.username ?? '',
    create_datetime: row.create_datetime,
    update_datetime: row.update_datetime,
  };
}

/**
 * Reading about GIFs: `GET /ajax/gifs/metadata` and `/ajax/gifs/extended-metadata` (gif_ids; private
 * GIFs only for their owner and staff), `GET /ajax/gif/{id}/tag-counts` (how many visible GIFs carry
 * each of its tags), `GET /ajax/tags/related/gif/{tag}/`, and `GET /api/v1/my-gifs/` (a creator's own
 * GIFs, every visibility, with search and filters; staff may name a user).
 */
export function readRoutes(deps: AuthDeps & { payloads: PayloadSigner }) {
  const db = creatorsDb(deps.db);
  const app = new Hono<AuthEnv>();
  const rowsOf = async (ids: string[]) => {
    if (ids.length === 0) return [];
    const rows = (await selectGifs(deps.db).where('g.id', 'in', ids).execute()) as Row[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is Row => r !== undefined);
  };

  app.get(
    '/ajax/gifs/metadata',
    describe({
      tag: 'gif-management',
      summary: 'Metadata of GIFs',
      response: GifMetadataAnswer,
      description: 'Private GIFs only for their owner and staff.',
      access: 'anyone',
      query: GifIdsQuery,
    }),
    async (c) => {
      const { gif_ids } = parseQuery(GifIdsQuery, c.req.query());
      const rows = await rowsOf(await openableIds(c, deps.db, gif_ids));
      return c.json(envelope(rows.map(metadataOf), newResponseId()));
    },
  );

  app.get(
    '/ajax/gifs/extended-metadata',
    describe({
      tag: 'gif-management',
      summary: 'Extended metadata of GIFs',
      response: GifExtendedMetadataAnswer,
      description: 'With source, dimensions and more; private GIFs only for their owner and staff.',
      access: 'anyone',
      query: GifIdsQuery,
    }),
    async (c) => {
      const { gif_ids } = parseQuery(GifIdsQuery, c.req.query());
      const ids = await openableIds(c, deps.db, gif_ids);
      const rows = await rowsOf(ids);
      const languageTags = await languageTagsOf(db, ids);
      const counts = ids.length
        ? await sql<{
            gif_id: string;
            views: string;
            clicks: string;
          }>`SELECT gif_id, views, clicks FROM gif_counts WHERE gif_id IN (${sql.join(ids)})`.execute(db)
        : { rows: [] };
      const actions = ids.length
        ? await db
            .selectFrom('gif_actions_daily')
            .select(['gif_id', 'action', (eb) => eb.fn.sum<string>('count').as('n')])
            .where('gif_id', 'in', ids)
            .groupBy(['gif_id', 'action'])
            .execute()
        : [];
      const uploads = ids.length
        ? await db.selectFrom('uploads').select(['gif_id', 'origin', 'filename', 'size']).where('gif_id', 'in', ids).execute()
        : [];
      const data = rows.map((row) => {
        const original = row.images.original;
        const count = counts.rows.find((r) => r.gif_id === row.id);
        const upload = uploads.find((u) => u.gif_id === row.id);
        return {
          ...metadataOf(row),
          width: original?.width ?? 0,
          height: original?.height ?? 0,
          frames: original?.frames ?? 1,
          duration: row.video?.duration ?? null,
          cta: row.cta,
          language_tags: languageTags[row.id] ?? {},
          counts: {
            views: Number(count?.views ?? 0),
            clicks: Number(count?.clicks ?? 0),
            ...Object.fromEntries(actions.filter((a) => a.gif_id === row.id).map((a) => [a.action, Number(a.n)])),
          },
          upload: upload ? { origin: upload.origin, filename: upload.filename, size: Number(upload.size) } : null,
        };
      });
      return c.json(envelope(data, newResponseId()));
    },
  );

  app.get(
    '/ajax/gif/:id/tag-counts',
    describe({
      tag: 'gif-management',
      summary: "How many GIFs carry each of a GIF's tags",
      response: TagCountsAnswer,
      access: 'anyone',
      params: GifPath,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      await requireOpenable(c, deps.db, id);
      const rows = await sql<{ tag: string; count: number }>`
      SELECT t.tag, (SELECT count(*)::int FROM gifs g WHERE g.tags @> ARRAY[t.tag] AND ${listedScope}) AS count
      FROM gifs s, unnest(s.tags) WITH ORDINALITY AS t(tag, n) WHERE s.id = ${id} ORDER BY t.n`.execute(db);
      return c.json(envelope(rows.rows, newResponseId()));
    },
  );

  app.get(
    '/ajax/tags/related/gif/:tag/',
    describe({
      tag: 'gif-management',
      summary: 'Tags related to a tag, for tagging',
      response: RelatedTagsAnswer,
      access: 'anyone',
      params: TagPath,
    }),
    async (c) => {
      const { tag } = parseFields(TagPath, c.req.param());
      const { tags } = await relatedTags(deps.db, tag.toLowerCase(), RELATED_TAGS_LIMIT);
      const responseId = newResponseId();
      return c.json(
        envelope(
          tags.map((t) => ({ name: t.name, name_encoded: encodeURIComponent(t.name), count: t.count, response_id: responseId })),
          responseId,
        ),
      );
    },
  );

  app.get(
    '/api/v1/my-gifs/',
    describe({
      tag: 'gif-management',
      summary: 'Your GIFs',
      response: MyGifsAnswer,
      description:
        'Every visibility, with search and filters (`state`: the policy state, so a GIF the moderators hid is not among `public` ones), each with its policy `state` and a `notice` when others cannot see it as you do; one removed by the moderators or taken down is a `tombstone` without media. Staff may name a `username`.',
      access: { permission: 'gif.edit' },
      query: MyGifsQuery,
    }),
    async (c) => {
      const p = parseQuery(MyGifsQuery, c.req.query());
      const owner = p.username ? await userOwner(deps.db, p.username) : undefined;
      const principal = await authorizeUser(c, 'gif.edit', p.username ? (owner ?? null) : undefined);
      const userId = p.username ? owner : principal.userId;
      if (userId === undefined || userId === null) throw new ApiError(404, `No user ${p.username}`);
      // Deleted by its owner: gone from here too; removed by the moderators or taken down: a tombstone.
      let query = selectGifs(deps.db).where('g.user_id', '=', userId).where(sql<boolean>`${gifStateSql} <> 'deleted'`);
      if (p.type) query = query.where('g.type', '=', p.type);
      if (p.rating) query = query.where('g.rating', '=', p.rating);
      if (p.visibility) query = query.where(sql<boolean>`g.visibility = ${p.visibility}`);
      if (p.state) query = query.where(sql<boolean>`${gifStateSql} = ${p.state}`);
      if (p.q)
        query = query.where(
          sql<boolean>`loopbox_search_doc(g.title, g.tags) LIKE ${`%${p.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`,
        );
      const rows = (await query
        .select(sql<string>`count(*) OVER ()`.as('total'))
        .orderBy('g.create_datetime', 'desc')
        .orderBy('g.id')
        .limit(MY_GIFS_PAGE)
        .offset(p.offset)
        .execute()) as (Row & { total: string })[];
      await deps.payloads.ready();
      const ctx = {
        origin: originOf(c, deps),
        responseId: newResponseId(),
        eventType: DASHBOARD_EVENT_TYPE,
        signPayload: deps.payloads.sign,
      };
      const languageTags = await languageTagsOf(
        db,
        rows.map((r) => r.id),
      );
      const data = rows.map((row) => myGif(row, ctx, languageTags[row.id] ?? {}));
      return c.json(
        envelope(data, ctx.responseId, { total_count: rows[0] ? Number(rows[0].total) : 0, count: data.length, offset: p.offset }),
        200,
        { 'Cache-Control': 'private, no-store' },
      );
    },
  );
  return app;
}
