import type { Context } from 'hono';
import { sql } from 'kysely';
import type { AuthEnv } from '../auth/context.ts';
import { reachOf } from '../permissions/can.ts';
import { subjectOf } from '../auth/principal.ts';
import type { CreatorsDb } from '../uploads/schema.ts';

/**
 * Of the GIFs asked for, those this caller may read about: public and unlisted ones for anyone,
 * private ones for their owner and staff (whoever may `gif.edit` them); removed ones for nobody.
 */
export async function readableGifIds<E extends AuthEnv>(c: Context<E>, db: CreatorsDb, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const principal = await c.var.auth.principal();
  const reach = reachOf(subjectOf(principal), 'gif.edit');
  const userId = principal.kind === 'user' ? principal.userId : -1;
  const rows = await db
    .selectFrom('gifs as g')
    .select('g.id')
    .where('g.id', 'in', [...ids])
    .where('g.is_removed', '=', false)
    .where(reach === 'any' ? sql<boolean>`true` : reach === 'own' ? sql<boolean>`(g.visibility <> 'private' OR g.user_id = ${userId})` : sql<boolean>`g.visibility <> 'private'`)
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}
