import type { Kysely } from 'kysely';
import { ApiError } from '../http/envelope.ts';
import type { Database } from '../store/schema.ts';
import { accessTo, type ViewerContext } from './access.ts';
import type { StateColumns } from './states.ts';
import type { Access } from './table.ts';

export type Refusal = Exclude<Access, 'listed' | 'open'>;

/** The words every door answers a refusal with; a 404 is worded as for an id that never existed. */
export function refusalMessage(gifId: string, status: Refusal): string {
  if (status === 410) return `GIF ${gifId} was hidden by the moderators`;
  if (status === 451) return `GIF ${gifId} is unavailable for legal reasons`;
  return `GIF ${gifId} not found`;
}

export const refusalError = (gifId: string, status: Refusal) => new ApiError(status, refusalMessage(gifId, status));

/** A GIF's state columns and owner, one primary-key read; null for no such GIF. */
export async function gifStateRow(db: Kysely<Database>, gifId: string): Promise<(StateColumns & { user_id: number | null }) | null> {
  return (
    (await db
      .selectFrom('gifs as g')
      .select(['g.visibility', 'g.moderation_state', 'g.removal', 'g.user_id'])
      .where('g.id', '=', gifId)
      .executeTakeFirst()) ?? null
  );
}

/** The viewer's access to one GIF by id; 404 for an unknown id, exactly as for a GIF they may not know of. */
export async function accessById(db: Kysely<Database>, gifId: string, viewer: ViewerContext): Promise<Access> {
  const row = await gifStateRow(db, gifId);
  return row ? accessTo(row, viewer) : 404;
}

/** Throws the refusal a viewer gets for a GIF they may not open (after a lookup that found nothing openable). */
export async function refuseById(db: Kysely<Database>, gifId: string, viewer: ViewerContext): Promise<never> {
  const access = await accessById(db, gifId, viewer);
  throw refusalError(gifId, typeof access === 'number' ? access : 404);
}
