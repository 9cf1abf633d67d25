import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { describe } from '../openapi/describe.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { originOf } from '../http/origin.ts';
import { ANONYMOUS_VIEWER, openScope } from '../content-policy/access.ts';
import { gifTag } from '@loopbox/edge';
import { selectGifs } from '../content/gif-row.ts';
import { madeFromSource, sourceCredit } from '../made-from/credit.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { giphyAnswerParams, passthrough } from './params.ts';
import { gifId, ids } from '../http/params.ts';
import { parse, parseQuery } from '../http/parse.ts';
import { gifList, gifOne } from './respond.ts';
import { MAX_IDS } from '../http/params.ts';
import { GifPage, OneGif } from '@loopbox/contract/giphy';

const ByIdsQuery = z.object({ ids, rating: passthrough, pingback_id: passthrough, ...giphyAnswerParams });
const ByIdPath = z.object({ id: gifId });

/**
 * A GIF made from another in the GIF maker, answered with its `source_gif` credit when anyone may
 * open the source (this door serves everyone alike); null for any other GIF. The answer carries the
 * source's purge tag too, so a source hidden later drops the cached credit.
 */
async function madeFromAnswer(c: Context<ApiEnv>, deps: ApiDeps, id: string): Promise<Response | null> {
  const source = await deps.madeFromSources.read(id, () => madeFromSource(deps.db, id, ANONYMOUS_VIEWER));
  if (!source) return null;
  const credit = sourceCredit(source, originOf(c, deps));
  const row = await selectGifs(deps.db).where('g.id', '=', id).where(openScope(ANONYMOUS_VIEWER)).executeTakeFirst();
  return row ? gifOne(c, deps, 'GIF_BROWSE', { ...row, source_gif: credit }, [gifTag(credit.id)]) : null;
}

/** GET gifs?ids= and GET gifs/{id}: lookups by id, of every rating, answered as the content policy answers anyone (unlisted GIFs open, 404, 410 or 451 otherwise). */
export function gifsByIdRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get(
    '/gifs',
    describe({
      tag: 'gifs',
      summary: 'GIFs by id',
      description: `Up to ${MAX_IDS} ids, answered in the order asked; those anyone may open by id (public and unlisted ones), others left out.`,
      access: { apiKey: 'giphy' },
      query: ByIdsQuery,
      response: GifPage,
    }),
    async (c) => {
      const { ids: wanted } = parseQuery(ByIdsQuery, c.req.query());
      // Each GIF once, in the order first asked; the total is how many were found.
      return gifList(c, deps, 'GIF_BROWSE', [...new Set(wanted)], { total: 'sent', offset: 0 }, false);
    },
  );
  app.get(
    '/gifs/:id{[^/]+}',
    describe({
      tag: 'gifs',
      summary: 'One GIF by id',
      description:
        'Public and unlisted GIFs; 404 for an unknown or private one, 410 for one the moderators hid, 451 for one taken down. A GIF made in the GIF maker from another GIF (upload field `source_gif_id`) carries `source_gif`: `{id, url, title, username, profile_url}` of that GIF and its author (`username` empty for a hidden author), only while anyone may open the source.',
      access: { apiKey: 'giphy' },
      params: ByIdPath,
      response: OneGif,
    }),
    async (c) => {
      const id = parse(gifId, c.req.param('id'));
      const answer = (await madeFromAnswer(c, deps, id)) ?? (await gifOne(c, deps, 'GIF_BROWSE', id));
      return answer ?? refuseById(deps.db, id, ANONYMOUS_VIEWER);
    },
  );
  return app;
}
