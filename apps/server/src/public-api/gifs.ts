import { Hono } from 'hono';
import { z } from 'zod';
import { openById, selectGifs } from '../content/gif-row.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { ApiError } from './envelope.ts';
import { gifId, ids, parse, parseQuery, passthrough } from './params.ts';
import { gifList, gifOne } from './respond.ts';

const ByIdsQuery = z.object({ ids, rating: passthrough, random_id: passthrough, pingback_id: passthrough });

/** GET gifs?ids= and GET gifs/{id}: lookups by id return hidden ratings too, but never removed GIFs. */
export function gifsByIdRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get('/gifs', async (c) => {
    const { ids: wanted } = parseQuery(ByIdsQuery, c.req.query());
    const rows = await selectGifs(deps.db).where('g.id', 'in', wanted).where(openById).execute();
    const order = new Map(wanted.map((id, i) => [id, i]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return gifList(c, deps, 'GIF_BROWSE', rows, { total: rows.length, offset: 0 });
  });
  app.get('/gifs/:id{[^/]+}', async (c) => {
    const id = parse(gifId, c.req.param('id'));
    const row = await selectGifs(deps.db).where('g.id', '=', id).where(openById).executeTakeFirst();
    if (!row) throw new ApiError(404, `GIF ${id} not found`);
    return gifOne(c, deps, 'GIF_BROWSE', row);
  });
  return app;
}
