import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuthEnv } from '../auth/context.ts';
import type { Database } from '../store/schema.ts';
import { openScope, viewerOf, type ViewerContext } from './access.ts';
import { refuseById } from './refusal.ts';

/** The request's viewer: its principal (looked up on demand) as the content policy sees it. */
export async function requestViewer<E extends AuthEnv>(c: Context<E>): Promise<ViewerContext> {
  return viewerOf(await c.var.auth.principal());
}

/** Of the GIFs asked for, in the order asked, those this request's viewer may open. */
export async function openableIds<E extends AuthEnv>(c: Context<E>, db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('gifs as g')
    .select('g.id')
    .where('g.id', 'in', [...ids])
    .where(openScope(await requestViewer(c)))
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/** Passes when this request's viewer may open the GIF; throws the policy's refusal (404, 410, 451) otherwise. */
export async function requireOpenable<E extends AuthEnv>(c: Context<E>, db: Kysely<Database>, gifId: string): Promise<void> {
  if ((await openableIds(c, db, [gifId])).length === 0) await refuseById(db, gifId, await requestViewer(c));
}
