import { Hono, type Context } from 'hono';
import { requireOpenable } from '../content-policy/request.ts';
import { z } from 'zod';
import { baseDb, accountsDb } from '../accounts/schema.ts';
import { actorOf } from '../auth/audit.ts';
import { authorizeUser } from '../auth/authorize.ts';
import type { AuthEnv } from '../auth/context.ts';
import { parseFields } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { PayloadSigner } from '../payload-signing/signer.ts';
import { rowsInOrder } from '../content/gif-row.ts';
import { originOf } from '../http/origin.ts';
import { envelope, newResponseId } from '../http/envelope.ts';
import { gifId, limit, offset } from '../http/params.ts';
import { presentGif } from '../public-api/present.ts';
import { appendEvents } from '../store/events.ts';
import { addFavorite, favoriteIds, isFavorite, removeFavorite } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { FavoritesAnswer, FavoriteStateAnswer } from '@loopbox/contract/favorites';

const GifPath = z.object({ gif_id: gifId });
const ListQuery = z.object({ limit, offset });
/** GIPHY's analytics event type for GIFs shown from a favorites list. */
const FAVORITES_EVENT_TYPE = 'GIF_FAVORITES';

/**
 * A signed-in user's favorites: GET /api/v1/favorites/ (GIPHY-shaped page of GIFs), GET, PUT and
 * DELETE /api/v1/favorites/{gif_id}/. Each change is a `favorite.added` / `favorite.removed` event on
 * the GIF's stream, logged with the row in one transaction.
 */
export function favoriteRoutes(deps: AuthDeps & { payloads: PayloadSigner }) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/favorites/',
    describe({
      tag: 'favorites',
      summary: 'Your favorites',
      response: FavoritesAnswer,
      description: 'A GIPHY-shaped page of GIFs, newest favorite first.',
      access: { permission: 'favorite.manage' },
      query: ListQuery,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'favorite.manage');
      const page = parseFields(ListQuery, c.req.query());
      const { ids, total } = await favoriteIds(db, principal.userId, page);
      const responseId = newResponseId();
      const origin = originOf(c, deps);
      await deps.payloads.ready();
      const gifs = (await rowsInOrder(deps.db, ids)).map((row) =>
        presentGif(row, { origin, responseId, eventType: FAVORITES_EVENT_TYPE, signPayload: deps.payloads.sign }),
      );
      return c.json(envelope(gifs, responseId, { total_count: total, count: gifs.length, offset: page.offset }), 200, {
        'Cache-Control': 'private, no-store',
      });
    },
  );

  app.get(
    '/api/v1/favorites/:gif_id/',
    describe({
      tag: 'favorites',
      summary: 'Whether a GIF is a favorite',
      response: FavoriteStateAnswer,
      access: { permission: 'favorite.manage' },
      params: GifPath,
    }),
    async (c) => {
      const principal = await authorizeUser(c, 'favorite.manage');
      const { gif_id } = parseFields(GifPath, c.req.param());
      return c.json(envelope({ gif_id, favorite: await isFavorite(db, principal.userId, gif_id) }, newResponseId()), 200, {
        'Cache-Control': 'private, no-store',
      });
    },
  );

  const change = (favorite: boolean) => async (c: Context<AuthEnv>) => {
    const principal = await authorizeUser(c, 'favorite.manage');
    const { gif_id } = parseFields(GifPath, c.req.param());
    // Only a GIF one may see becomes a favorite; one no longer shown can still be let go.
    if (favorite) await requireOpenable(c, deps.db, gif_id);
    await db.transaction().execute(async (trx) => {
      const changed = favorite ? await addFavorite(trx, principal.userId, gif_id) : await removeFavorite(trx, principal.userId, gif_id);
      if (!changed) return;
      const actor = actorOf(principal, c.var.auth.address);
      await appendEvents(baseDb(trx), [
        {
          type: favorite ? 'favorite.added' : 'favorite.removed',
          stream: 'gif',
          streamId: gif_id,
          payload: { user_id: principal.userId, actor: actor.userId, via: actor.via, address: actor.address },
        },
      ]);
    });
    return c.json(envelope({ gif_id, favorite }, newResponseId()));
  };
  app.put(
    '/api/v1/favorites/:gif_id/',
    describe({
      tag: 'favorites',
      summary: 'Add a favorite',
      response: FavoriteStateAnswer,
      access: { permission: 'favorite.manage' },
      params: GifPath,
    }),
    change(true),
  );
  app.delete(
    '/api/v1/favorites/:gif_id/',
    describe({
      tag: 'favorites',
      summary: 'Remove a favorite',
      response: FavoriteStateAnswer,
      access: { permission: 'favorite.manage' },
      params: GifPath,
    }),
    change(false),
  );

  return app;
}
