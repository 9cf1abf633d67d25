import { Hono } from 'hono';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import type { AuthDeps } from '../auth/context.ts';
import { jsonBody, parseFields } from '../http/json-body.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { parseQuery } from '../http/parse.ts';
import { appendEvents } from '../store/events.ts';
import { tagField, tagsField } from '../uploads/fields.ts';
import { baseOf, creatorsDb } from '../uploads/schema.ts';
import { PURGE_HEADER } from './changes.ts';
import { BASE_LANGUAGE, LANGUAGE_TAGS_MAX, LANGUAGES, METADATA_MAX_IDS } from './constants.ts';
import { editorOf } from './editable.ts';
import { languageTagsOf } from './language-tags.ts';
import { openableIds, requireOpenable } from '../content-policy/request.ts';
import { describe } from '../openapi/describe.ts';
import {
  LanguageTagRemovedAnswer,
  LanguageTagsAddedAnswer,
  LanguageTagsOfGifsAnswer,
  TagTranslationsAnswer,
} from '@loopbox/contract/gif-management';

const langField = z.enum(LANGUAGES, { error: `lang must be one of ${LANGUAGES.join(', ')}` });
const GifPath = z.object({ id: gifId });
const AddBody = z.object({ tags: tagsField.pipe(z.array(z.string()).min(1, 'tags must name at least one tag')), lang: langField });
const RemoveBody = z.object({ tag: tagField, lang: langField });
const BulkQuery = z.object({
  gif_ids: z
    .string()
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(gifId).max(METADATA_MAX_IDS, `gif_ids may name at most ${METADATA_MAX_IDS} GIFs`))
    .optional(),
});

/**
 * Language tags (SPEC 3: tags, lang): a GIF's tags in other languages, which searches in that
 * language (`lang`) match. `POST` / `DELETE /ajax/gif/{id}/language-tags` add and remove (the owner
 * or staff; logged with the actor), `GET /ajax/gif/bulk/language-tags` reads them for several GIFs
 * (the caller's own when none are named), `GET /ajax/gif/{id}/tag-translations` gives a GIF's tags
 * with their translations by language.
 */
export function languageTagRoutes(deps: AuthDeps) {
  const db = creatorsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.post(
    '/ajax/gif/:id/language-tags',
    describe({
      tag: 'gif-management',
      summary: 'Add tags in a language',
      response: LanguageTagsAddedAnswer,
      access: { permission: 'gif.edit' },
      params: GifPath,
      body: AddBody,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const { actor } = await editorOf(c, deps, id);
      const { tags, lang } = await jsonBody(c, AddBody);
      const added = await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('gif_language_tags')
          .select('tag')
          .where('gif_id', '=', id)
          .where('lang', '=', lang)
          .execute();
        const fresh = tags.filter((t) => !existing.some((e) => e.tag === t));
        if (existing.length + fresh.length > LANGUAGE_TAGS_MAX)
          throw new ApiError(400, `A GIF may have at most ${LANGUAGE_TAGS_MAX} tags in one language`);
        if (fresh.length === 0) return [];
        await trx
          .insertInto('gif_language_tags')
          .values(fresh.map((tag) => ({ gif_id: id, lang, tag })))
          .execute();
        await trx.updateTable('gifs').set({ update_datetime: new Date() }).where('id', '=', id).execute();
        await appendEvents(baseOf(trx), [
          {
            type: 'gif.language_tags_added',
            stream: 'gif',
            streamId: id,
            payload: { lang, tags: fresh, actor: actor.userId, via: actor.via, address: actor.address },
          },
        ]);
        return fresh;
      });
      return c.json(
        envelope({ gif_id: id, lang, added, language_tags: (await languageTagsOf(db, [id]))[id] ?? {} }, newResponseId()),
        200,
        { [PURGE_HEADER]: `gif:${id}` },
      );
    },
  );

  app.delete(
    '/ajax/gif/:id/language-tags',
    describe({
      tag: 'gif-management',
      summary: 'Remove a tag in a language',
      response: LanguageTagRemovedAnswer,
      description: 'The tag and language in the body, or as `tag` and `lang` query parameters.',
      access: { permission: 'gif.edit' },
      params: GifPath,
      body: RemoveBody,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      const { actor } = await editorOf(c, deps, id);
      const query = c.req.query();
      const { tag, lang } =
        query.tag !== undefined || query.lang !== undefined ? parseFields(RemoveBody, query) : await jsonBody(c, RemoveBody);
      const removed = await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('gif_language_tags')
          .where('gif_id', '=', id)
          .where('lang', '=', lang)
          .where('tag', '=', tag)
          .executeTakeFirst();
        if (result.numDeletedRows === 0n) return false;
        await appendEvents(baseOf(trx), [
          {
            type: 'gif.language_tag_removed',
            stream: 'gif',
            streamId: id,
            payload: { lang, tag, actor: actor.userId, via: actor.via, address: actor.address },
          },
        ]);
        return true;
      });
      return c.json(envelope({ gif_id: id, lang, tag, removed }, newResponseId()), 200, { [PURGE_HEADER]: `gif:${id}` });
    },
  );

  app.get(
    '/ajax/gif/bulk/language-tags',
    describe({
      tag: 'gif-management',
      summary: 'Language tags of GIFs',
      response: LanguageTagsOfGifsAnswer,
      description: "Of the GIFs named (those the caller may see), or without `gif_ids` of the caller's own newest GIFs.",
      access: { permission: 'gif.edit', when: 'without gif_ids' },
      query: BulkQuery,
    }),
    async (c) => {
      const { gif_ids } = parseQuery(BulkQuery, c.req.query());
      let ids: string[];
      if (gif_ids && gif_ids.length > 0) ids = await openableIds(c, deps.db, gif_ids);
      else {
        const principal = await authorizeUser(c, 'gif.edit');
        ids = (
          await db
            .selectFrom('gifs')
            .select('id')
            .where('user_id', '=', principal.userId)
            .where('is_removed', '=', false)
            .orderBy('create_datetime', 'desc')
            .limit(METADATA_MAX_IDS)
            .execute()
        ).map((r) => r.id);
      }
      return c.json(envelope({ languages: LANGUAGES, gifs: await languageTagsOf(db, ids) }, newResponseId()));
    },
  );

  app.get(
    '/ajax/gif/:id/tag-translations',
    describe({
      tag: 'gif-management',
      summary: "A GIF's tags and their translations",
      response: TagTranslationsAnswer,
      description: 'Private GIFs only for their owner and staff.',
      access: 'anyone',
      params: GifPath,
    }),
    async (c) => {
      const { id } = parseFields(GifPath, c.req.param());
      await requireOpenable(c, deps.db, id);
      const gif = await db.selectFrom('gifs').select('tags').where('id', '=', id).executeTakeFirstOrThrow();
      const translations = (await languageTagsOf(db, [id]))[id] ?? {};
      return c.json(envelope({ gif_id: id, lang: BASE_LANGUAGE, tags: gif.tags, translations }, newResponseId()));
    },
  );
  return app;
}
