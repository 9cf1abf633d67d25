import { Hono } from 'hono';
import { z } from 'zod';
import type { TextStickers } from '../media/text-stickers.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { normaliseFreeText } from '../boundary/text.ts';
import { MAX_QUERY_LENGTH } from './constants.ts';
import { limit, offset, parseQuery, passthrough } from './params.ts';
import { gifList } from './respond.ts';

const message = z
  .string({ error: 'm is required' })
  .transform(normaliseFreeText)
  .pipe(z.string().min(1, 'm must not be empty').max(MAX_QUERY_LENGTH, `m must be at most ${MAX_QUERY_LENGTH} characters`));
const AnimateQuery = z.object({ m: message, limit, offset, pingback_id: passthrough, random_id: passthrough });

/** text/animate: the message drawn as animated text stickers in every style. */
export function textRoutes(deps: ApiDeps, text: TextStickers) {
  const app = new Hono<ApiEnv>();
  app.get('/text/animate', async (c) => {
    const p = parseQuery(AnimateQuery, c.req.query());
    const rows = await text.render(p.m);
    return gifList(c, deps, 'TEXT_ANIMATE', rows.slice(p.offset, p.offset + p.limit), { total: rows.length, offset: p.offset });
  });
  return app;
}
