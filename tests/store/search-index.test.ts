/**
 * The in-memory search index (search-index/) ranks as the store ranks: over a synthetic corpus, one-
 * and two-word searches give the same ids in the same order, and the same total, with and without
 * it. It follows every change to `gif_search` (migration 028), from this process or another, before
 * its next ranking: a new GIF, a retitling, a re-rating, a hiding, a removal, a deletion.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankSearch, type SearchInput } from '../../apps/server/src/content/search.ts';
import { SEARCH_CANDIDATES } from '../../apps/server/src/content/constants.ts';
import { followedSearchIndex } from '../../apps/server/src/search-index/follow.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { buildSyntheticCorpus } from '../bench/synthetic-corpus.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const CORPUS = 4_000;

describe.each(storeKinds())('the in-memory search index (%s)', (kind) => {
  let store: Store;
  let words: string[];
  beforeAll(async () => {
    store = await openTestStore(kind);
    words = await buildSyntheticCorpus(store.db, CORPUS);
  });
  afterAll(async () => {
    await store?.close();
  });

  const input = (q: string, over: Partial<SearchInput> = {}): SearchInput => ({
    q,
    types: ['gif'],
    rating: 'pg-13',
    limit: 25,
    offset: 0,
    ...over,
  });

  it('ranks and counts as the store does', async () => {
    const index = followedSearchIndex(store.db);
    const queries = [
      ...words.slice(0, 40),
      ...words.slice(600, 640),
      ...Array.from({ length: 40 }, (_, i) => `${words[i * 3]} ${words[i * 7 + 1]}`),
      ...Array.from({ length: 10 }, (_, i) => `${words[i * 5]!.slice(0, 3)}`),
    ];
    const compared = { ranked: 0, empty: 0 };
    for (const q of queries)
      for (const over of [{}, { types: ['gif', 'sticker'] as const, rating: 'g' as const }]) {
        const asked = input(q, { ...over, types: [...(over.types ?? ['gif'])] });
        const inStore = await rankSearch(store.db, asked);
        const inMemory = await rankSearch(store.db, asked, index);
        expect(inStore.total).toBeLessThanOrEqual(SEARCH_CANDIDATES);
        expect({ q, ...inMemory }).toEqual({ q, ...inStore });
        compared[inStore.total > 0 ? 'ranked' : 'empty']++;
      }
    // Most queries match: a comparison of empty answers would prove nothing.
    expect(compared.ranked).toBeGreaterThan(250);
  });

  it('follows every change to the search copy before its next ranking', async () => {
    const index = followedSearchIndex(store.db);
    const ids = async (q: string) => (await rankSearch(store.db, input(q, { rating: 'r' }), index)).ids;
    expect(await ids('zebracorn')).toEqual([]);

    await store.db
      .insertInto('gifs')
      .values(
        ['zebra1', 'zebra2', 'zebra3', 'zebra4'].map((id) => ({
          id,
          type: 'gif' as const,
          slug: id,
          title: `Zebracorn ${id}`,
          rating: 'g' as const,
          images: '{}',
        })),
      )
      .execute();
    expect(await ids('zebracorn')).toEqual(['zebra1', 'zebra2', 'zebra3', 'zebra4']);

    await store.db
      .updateTable('gifs')
      .set({ title: 'Unicorn', tags: ['zebracorn'] })
      .where('id', '=', 'zebra1')
      .execute();
    await store.db.updateTable('gifs').set({ rating: 'r' }).where('id', '=', 'zebra2').execute();
    expect(await ids('zebracorn')).toEqual(['zebra2', 'zebra3', 'zebra4', 'zebra1']);
    expect((await rankSearch(store.db, input('zebracorn', { rating: 'g' }), index)).ids).toEqual(['zebra3', 'zebra4', 'zebra1']);

    await sql`UPDATE gifs SET visibility = 'private' WHERE id = 'zebra3'`.execute(store.db);
    await store.db.updateTable('gifs').set({ removal: 'takedown' }).where('id', '=', 'zebra4').execute();
    await store.db.deleteFrom('gifs').where('id', '=', 'zebra2').execute();
    expect(await ids('zebracorn')).toEqual(['zebra1']);

    await sql`UPDATE gifs SET visibility = 'public' WHERE id = 'zebra3'`.execute(store.db);
    expect(await ids('zebracorn')).toEqual(['zebra3', 'zebra1']);
    // Each answer is the store's own.
    expect(await ids('zebracorn')).toEqual((await rankSearch(store.db, input('zebracorn', { rating: 'r' }))).ids);
  });
});
