import type { ProjectionTrx } from './projector.ts';

/** Who owns each GIF (by user id), for folding GIF events into per-user read models. */
export async function ownersOf(trx: ProjectionTrx, gifIds: Iterable<string>): Promise<Map<string, number>> {
  const ids = [...new Set(gifIds)];
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('gifs').select(['id', 'user_id']).where('id', 'in', ids).where('user_id', 'is not', null).execute();
  return new Map(rows.map((r) => [r.id, r.user_id as number]));
}
