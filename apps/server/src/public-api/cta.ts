import { gifTag, PURGE_HEADER } from '@loopbox/edge';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { jsonBody } from '../http/json-body.ts';
import { hasControlCharacter } from '../boundary/text.ts';
import { gifOwner, lookupOnce } from '../permissions/ownership.ts';
import { appendEvents } from '../store/events.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { CTA_TEXT_MAX } from './constants.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { gifId } from '../http/params.ts';
import { parse } from '../http/parse.ts';
import { describe } from '../openapi/describe.ts';
import { CtaRemoved, CtaSet } from '@loopbox/contract/giphy';

const GifPath = z.object({ id: gifId });
const CtaBody = z.object(
  {
    link: z.url({ protocol: /^https?$/, error: 'link must be an http(s) URL' }).max(2000, 'link must be at most 2000 characters'),
    text: z
      .string({ error: 'text is required' })
      .trim()
      .min(1, 'text must not be empty')
      .max(CTA_TEXT_MAX, `text must be at most ${CTA_TEXT_MAX} characters`)
      .refine((text) => !hasControlCharacter(text), 'text must be one line without control characters'),
  },
  { error: 'body must be a JSON object with link and text' },
);

/** The signed-in user allowed to edit this GIF's CTA (`gif.edit`: its owner or staff). */
async function editor(c: Context<ApiEnv & AuthEnv>, deps: ApiDeps, id: string) {
  const owner = lookupOnce(() => gifOwner(deps.db, id));
  const user = await authorizeUser(c, 'gif.edit', owner);
  if ((await owner()) === undefined) throw new ApiError(404, `GIF ${id} not found`);
  return { id: user.userId };
}

/**
 * PUT gifs/{id}/cta sets the call to action; DELETE removes it. Each change is logged in the same transaction,
 * and the answer names the GIF in the edge's purge header so cached copies showing the old CTA are dropped.
 */
export function ctaRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv & AuthEnv>();
  app.put(
    '/gifs/:id/cta',
    describe({
      tag: 'gif-management',
      summary: "Set a GIF's call to action",
      access: { permission: 'gif.edit' },
      params: GifPath,
      description: 'Also takes the `api_key` of every /v1 call. The change is logged and purges cached answers showing the GIF.',
      body: CtaBody,
      response: CtaSet,
    }),
    async (c) => {
      const id = parse(gifId, c.req.param('id'));
      const user = await editor(c, deps, id);
      const cta = await jsonBody(c, CtaBody);
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('gifs')
          .set({ cta: JSON.stringify(cta), update_datetime: new Date() })
          .where('id', '=', id)
          .execute();
        await appendEvents(trx, [{ type: 'gif.cta_set', stream: 'gif', streamId: id, payload: { ...cta, by: user.id } }]);
      });
      return c.json(envelope({ id, cta }, newResponseId()), 200, { [PURGE_HEADER]: gifTag(id) });
    },
  );
  app.delete(
    '/gifs/:id/cta',
    describe({
      tag: 'gif-management',
      summary: "Remove a GIF's call to action",
      access: { permission: 'gif.edit' },
      params: GifPath,
      description: 'Also takes the `api_key` of every /v1 call. The change is logged and purges cached answers showing the GIF.',
      response: CtaRemoved,
    }),
    async (c) => {
      const id = parse(gifId, c.req.param('id'));
      const user = await editor(c, deps, id);
      await deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('gifs').set({ cta: null, update_datetime: new Date() }).where('id', '=', id).execute();
        await appendEvents(trx, [{ type: 'gif.cta_removed', stream: 'gif', streamId: id, payload: { by: user.id } }]);
      });
      return c.json(envelope({ id, cta: null }, newResponseId()), 200, { [PURGE_HEADER]: gifTag(id) });
    },
  );
  return app;
}
