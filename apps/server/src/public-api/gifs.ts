import { Hono } from 'hono';
import { z } from 'zod';
import { describe } from '../openapi/describe.ts';
import type { ApiDeps, ApiEnv } from './context.ts';
import { ANONYMOUS_VIEWER } from '../content-policy/access.ts';
import { refuseById } from '../content-policy/refusal.ts';
import { gifId, ids, parse, parseQuery, passthrough } from './params.ts';
import { gifList, gifOne } from './respond.ts';
import { MAX_IDS } from './constants.ts';

const ByIdsQuery = z.object({ ids, rating: passthrough, random_id: passthrough, pingback_id: passthrough });
const ByIdPath = z.object({ id: gifId });

/** GET gifs?ids= and GET gifs/{id}: lookups by id, of every rating, answered as the content policy answers anyone (unlisted GIFs open, 404, 410 or 451 otherwise). */
export function gifsByIdRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.get('/gifs', describe({ tag: 'gifs', summary: 'GIFs by id', description: `Up to ${MAX_IDS} ids, answered in the order asked; those anyone may open by id (public and unlisted ones), others left out.`, access: { apiKey: 'giphy' }, query: ByIdsQuery }), async (c) => {
    const { ids: wanted } = parseQuery(ByIdsQuery, c.req.query());
    // Each GIF once, in the order first asked; the total is how many were found.
    return gifList(c, deps, 'GIF_BROWSE', [...new Set(wanted)], { total: 'sent', offset: 0 }, false);
  });
  app.get('/gifs/:id{[^/]+}', describe({ tag: 'gifs', summary: 'One GIF by id', description: 'Public and unlisted GIFs; 404 for an unknown or private one, 410 for one the moderators hid, 451 for one taken down.', access: { apiKey: 'giphy' }, params: ByIdPath }), async (c) => {
    const id = parse(gifId, c.req.param('id'));
    const answer = await gifOne(c, deps, 'GIF_BROWSE', id);
    return answer ?? refuseById(deps.db, id, ANONYMOUS_VIEWER);
  });
  return app;
}
