/**
 * The in-memory search index (search-index/) ranks as the store ranks: over a synthetic corpus, one-
 * and two-word searches give the same ids in the same order, and the same total, with and without
 * it. It follows every change to `gif_search` (migration 028), from this process or another, before
 * its next ranking: a new GIF, a retitling, a re-rating, a hiding, a removal, a deletion. Pruning
 * keeps the newest changes and raises the horizon; a follower behind it fills a new index.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankSearch, type SearchInput } from '../../apps/server/src/content/search.ts';
import { SEARCH_CANDIDATES } from '../../apps/server/src/content/constants.ts';
import { followedSearchIndex } from '../../apps/server/src/search-index/follow.ts';
import { pruneSearchChanges, throttledSearchChangesPrune } from '../../apps/server/src/search-index/prune.ts';
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

  /** New public G-rated GIFs, each titled `title(id)`. */
  const addGifs = (ids: string[], title: (id: string) => string) =>
    store.db
      .insertInto('gifs')
      .values(ids.map((id) => ({ id, type: 'gif' as const, slug: id, title: title(id), rating: 'g' as const, images: '{}' })))
      .execute();

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

    await addGifs(['zebra1', 'zebra2', 'zebra3', 'zebra4'], (id) => `Zebracorn ${id}`);
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

  const changes = async () =>
    (await sql<{ seq: string }>`SELECT seq::text AS seq FROM gif_search_changes c ORDER BY c.seq`.execute(store.db)).rows.map((r) => r.seq);
  const horizon = async () =>
    (await sql<{ through: string }>`SELECT through::text AS through FROM gif_search_changes_pruned`.execute(store.db)).rows[0]!.through;

  it('prunes all but the newest changes and raises the horizon past them', async () => {
    const before = await changes();
    expect(before.length).toBeGreaterThan(3);
    expect(await pruneSearchChanges(store.db, 2)).toBe(before.length - 2);
    expect(await changes()).toEqual(before.slice(-2));
    expect(await horizon()).toBe(before.at(-3));
    expect(await pruneSearchChanges(store.db, 2)).toBe(0);
    expect(await horizon()).toBe(before.at(-3));

    let now = 0;
    const prune = throttledSearchChangesPrune(store.db, { kept: 1, everyMs: 1000, now: () => now });
    await prune();
    expect(await changes()).toEqual(before.slice(-1));
    await addGifs(['pruned1'], () => 'Pruned');
    now = 999;
    await prune();
    expect(await changes()).toHaveLength(2);
    now = 1000;
    await prune();
    expect(await changes()).toHaveLength(1);
  });

  it('fills a new index when changes it never read were pruned, then follows again', async () => {
    const index = followedSearchIndex(store.db);
    const ids = async (q: string) => (await rankSearch(store.db, input(q, { rating: 'r' }), index)).ids;
    expect(await ids('quaggaroo')).toEqual([]);
    await addGifs(['quagga1', 'quagga2'], () => 'Quaggaroo');
    await sql`UPDATE gifs SET visibility = 'private' WHERE id = 'quagga2'`.execute(store.db);
    await pruneSearchChanges(store.db, 0);
    expect(await changes()).toEqual([]);

    expect(await ids('quaggaroo')).toEqual(['quagga1']);
    // The new index is caught up past the horizon: it is kept, not filled again on every search.
    expect(await index()).toBe(await index());
    await addGifs(['quagga3'], () => 'Quaggaroo');
    expect(await ids('quaggaroo')).toEqual(['quagga1', 'quagga3']);
  });
});
