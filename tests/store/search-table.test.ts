/**
 * `gif_search` (migration 017) holds each GIF's search columns as `gifs` has them after every kind of
 * change: a bulk insert, a re-rating, a retitling, a hiding, a removal, a deletion. Searches rank from it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankSearch } from '../../apps/server/src/content/search.ts';
import { GIF_SEARCH_COLUMNS } from '../../apps/server/src/store/migrations/017_search_table.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const IDS = ['mirror1', 'mirror2', 'mirror3'];

describe.each(storeKinds())('the search copy of gifs (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await store.db
      .insertInto('gifs')
      .values(
        IDS.map((id) => ({
          id,
          type: 'gif' as const,
          slug: id,
          title: `Walrus ${id}`,
          tags: ['mirror'],
          rating: 'g' as const,
          images: '{}',
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Rows of `gifs` that `gif_search` lacks, or has otherwise, and the reverse. */
  async function differences(): Promise<unknown[]> {
    const columns = sql.raw(GIF_SEARCH_COLUMNS.join(', '));
    const { rows } = await sql`
      (SELECT ${columns} FROM gifs EXCEPT SELECT ${columns} FROM gif_search)
      UNION ALL
      (SELECT ${columns} FROM gif_search EXCEPT SELECT ${columns} FROM gifs)`.execute(store.db);
    return rows;
  }
  const rowVersion = async (id: string) =>
    (await sql<{ xmin: string }>`SELECT xmin::text FROM gif_search WHERE id = ${id}`.execute(store.db)).rows[0]?.xmin;
  const found = async (q: string, rating: 'g' | 'r' = 'g') =>
    (await rankSearch(store.db, { q, types: ['gif'], rating, limit: 25, offset: 0 })).ids;

  it('holds every inserted GIF, and searches find them', async () => {
    expect(await differences()).toEqual([]);
    expect([...(await found('walrus'))].sort()).toEqual(IDS);
  });

  it('follows a re-rating, a new title, a hiding and a removal', async () => {
    await store.db.updateTable('gifs').set({ rating: 'r' }).where('id', '=', 'mirror1').execute();
    await store.db.updateTable('gifs').set({ title: 'Narwhal' }).where('id', '=', 'mirror2').execute();
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = 'mirror3'`.execute(store.db);
    expect(await differences()).toEqual([]);
    expect(await found('walrus')).toEqual([]);
    expect(await found('walrus', 'r')).toEqual(['mirror1']);
    expect(await found('narwhal')).toEqual(['mirror2']);
    await store.db.updateTable('gifs').set({ removal: 'moderation' }).where('id', '=', 'mirror2').execute();
    expect(await differences()).toEqual([]);
    expect(await found('narwhal')).toEqual([]);
  });

  it('leaves a row untouched when no search column changed, and drops it with its GIF', async () => {
    const before = await rowVersion('mirror1');
    await store.db.updateTable('gifs').set({ alt_text: 'a walrus waving' }).where('id', '=', 'mirror1').execute();
    expect(await rowVersion('mirror1')).toBe(before);
    await store.db.deleteFrom('gifs').where('id', 'in', IDS).execute();
    expect(await differences()).toEqual([]);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM gif_search WHERE id LIKE 'mirror%'`.execute(store.db)).rows[0]?.n).toBe(
      0,
    );
  });
});
