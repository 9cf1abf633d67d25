import type { AccountsDb } from '../accounts/schema.ts';
import { listedScope } from '../content-policy/access.ts';

/** Adds a favorite; true when it is new. */
export async function addFavorite(db: AccountsDb, userId: number, gifId: string): Promise<boolean> {
  const row = await db
    .insertInto('favorites')
    .values({ user_id: userId, gif_id: gifId })
    .onConflict((oc) => oc.columns(['user_id', 'gif_id']).doNothing())
    .returning('gif_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a favorite; true when there was one. */
export async function removeFavorite(db: AccountsDb, userId: number, gifId: string): Promise<boolean> {
  const result = await db.deleteFrom('favorites').where('user_id', '=', userId).where('gif_id', '=', gifId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function isFavorite(db: AccountsDb, userId: number, gifId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('favorites').select('gif_id').where('user_id', '=', userId).where('gif_id', '=', gifId).executeTakeFirst(),
  );
}

/** A page of a user's favorites that are still shown publicly, newest first, with the total. */
export async function favoriteIds(
  db: AccountsDb,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const rows = await db
    .selectFrom('favorites as f')
    .innerJoin('gifs as g', 'g.id', 'f.gif_id')
    .select(['f.gif_id', (eb) => eb.fn.countAll<string>().over().as('total')])
    .where('f.user_id', '=', userId)
    .where(listedScope)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.gif_id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { ids: rows.map((r) => r.gif_id), total: rows[0] ? Number(rows[0].total) : 0 };
}
