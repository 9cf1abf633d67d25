import { Hono, type Context } from 'hono';
import { viewerOf } from '../content-policy/access.ts';
import { authorityOf } from '../content-policy/precedence.ts';
import { z } from 'zod';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { VideoOembedSettings } from '../external-video/settings.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { appendEvents } from '../store/events.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { ratingField, tagsField } from '../uploads/fields.ts';
import { baseOf, creatorsDb } from '../uploads/schema.ts';
import { applyChanges, ChangesSchema, parseChange, PURGE_HEADER, type GifChanges } from './changes.ts';
import { BULK_MAX_GIFS, UPDATE_KEYS } from './constants.ts';
import { editorOf } from './editable.ts';
import { describe } from '../openapi/describe.ts';
import { GifChangedAnswer, GifRemovedAnswer, GifsChangedAnswer } from '@loopbox/contract/gif-management';
import { checkEmbeddable } from '../external-video/oembed.ts';
import { videoOembedFrom } from '../external-video/settings.ts';

const UpdateBody = z.object({
  gif_id: gifId,
  key: z.enum(UPDATE_KEYS, { error: `key must be one of ${UPDATE_KEYS.join(', ')}` }),
  value: z.unknown(),
});
const GifPath = z.object({ id: gifId });
const BulkBody = z
  .object({
    gif_ids: z
      .array(gifId, { error: 'gif_ids must be a list of GIF ids' })
      .min(1, 'gif_ids must name at least one GIF')
      .max(BULK_MAX_GIFS, `gif_ids may name at most ${BULK_MAX_GIFS} GIFs`),
    add_tags: tagsField.optional(),
    remove_tags: tagsField.optional(),
    rating: ratingField.optional(),
  })
  .refine((b) => b.add_tags || b.remove_tags || b.rating, {
    message: 'say what to change: add_tags, remove_tags or rating',
    path: ['add_tags'],
  });

/**
 * Changing GIFs: `POST /ajax/gif/update` (one allow-listed key, validated by its own rule),
 * `PATCH /api/v1/gifs/{id}/` (several keys at once, the dashboard's edit form), `POST
 * /api/v1/gifs/bulk/` (tags added or removed and rating set on many GIFs) and `DELETE
 * /api/v1/gifs/{id}/` (removal: the GIF leaves every listing and the API at once). Each change is
 * logged with its actor in the same transaction, and the answer purges the edge's cached copies.
 */
export function updateRoutes(deps: AuthDeps & { videoOembed?: VideoOembedSettings | undefined }) {
  const db = creatorsDb(deps.db);
  const app = new Hono<AuthEnv>();

  const change = async (c: Context<AuthEnv>, id: string, changes: GifChanges, field = 'external_media') => {
    const { principal, actor } = await editorOf(c, deps, id);
    // A video is attached only once its host says it exists and may be embedded (SPEC 8).
    if (changes.external_media) await checkEmbeddable(changes.external_media, deps.videoOembed ?? videoOembedFrom({}), field);
    const purge = await db.transaction().execute((trx) => applyChanges(trx, id, changes, actor, authorityOf(viewerOf(principal))));
    return c.json(envelope({ gif_id: id, changed: Object.keys(changes) }, newResponseId()), 200, { [PURGE_HEADER]: purge });
  };

  app.post(
    '/ajax/gif/update',
    describe({
      tag: 'gif-management',
      summary: 'Change one field of a GIF',
      response: GifChangedAnswer,
      description: "One allow-listed `key` with its `value`, held to that field's rule; logged, and cached copies purged.",
      access: { permission: 'gif.edit' },
      body: UpdateBody,
    }),
    async (c) => {
      const body = await jsonBody(c, UpdateBody);
      return change(c, body.gif_id, parseChange(body.key, body.value), 'value');
    },
  );
  app.patch(
    '/api/v1/gifs/:id/',
    describe({
      tag: 'gif-management',
      summary: 'Edit a GIF',
      response: GifChangedAnswer,
      description:
        "Several fields at once (the dashboard's edit form); logged, and cached copies purged. `external_media` attaches a YouTube or Vimeo video (`video`: its id or URL; `start` in seconds) after its host's oEmbed says it exists (422 '… was not found') and may be embedded (422 '… is not embeddable'; 502 when the host cannot be asked); `null` removes it.",
      access: { permission: 'gif.edit' },
      params: GifPath,
      body: ChangesSchema,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const changes = await jsonBody(c, ChangesSchema);
      return change(c, id, changes);
    },
  );
  app.delete(
    '/api/v1/gifs/:id/',
    describe({
      tag: 'gif-management',
      summary: 'Remove a GIF',
      response: GifRemovedAnswer,
      description: 'It leaves every listing and the API at once.',
      access: { permission: 'gif.edit' },
      params: GifPath,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const { actor } = await editorOf(c, deps, id);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('gifs').set({ removal: 'owner', update_datetime: new Date() }).where('id', '=', id).execute();
        await appendEvents(baseOf(trx), [
          { type: 'gif.removed', stream: 'gif', streamId: id, payload: { actor: actor.userId, via: actor.via, address: actor.address } },
        ]);
      });
      return c.json(envelope({ gif_id: id, removed: true }, newResponseId()), 200, { [PURGE_HEADER]: `gif:${id}` });
    },
  );
  app.post(
    '/api/v1/gifs/bulk/',
    describe({
      tag: 'gif-management',
      summary: 'Change many GIFs',
      response: GifsChangedAnswer,
      description: 'Tags added or removed and rating set on each GIF named, all or none.',
      access: { permission: 'gif.edit' },
      body: BulkBody,
    }),
    async (c) => {
      const body = await jsonBody(c, BulkBody);
      const ids = [...new Set(body.gif_ids)];
      const editors = [];
      for (const id of ids) editors.push(await editorOf(c, deps, id));
      const actor = editors[0]!.actor;
      const authority = authorityOf(viewerOf(editors[0]!.principal));
      const purges = await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('gifs').select(['id', 'tags']).where('id', 'in', ids).execute();
        const out: string[] = [];
        for (const row of rows) {
          const removed = new Set(body.remove_tags ?? []);
          const tags =
            body.add_tags || body.remove_tags
              ? [...new Set([...row.tags.filter((t) => !removed.has(t)), ...(body.add_tags ?? [])])]
              : undefined;
          out.push(
            await applyChanges(
              trx,
              row.id,
              { ...(tags ? { tags } : {}), ...(body.rating ? { rating: body.rating } : {}) },
              actor,
              authority,
            ),
          );
        }
        return out;
      });
      return c.json(envelope({ gif_ids: ids, changed: ids.length }, newResponseId()), 200, { [PURGE_HEADER]: purges.join(', ') });
    },
  );
  return app;
}
