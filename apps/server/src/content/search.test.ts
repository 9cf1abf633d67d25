import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db.ts';
import { openTestStore, storeKinds } from '../../../../tests/support/stores.ts';
import { SEARCH_CANDIDATES, SEARCH_RANK_WINDOW } from './constants.ts';
import { createSearchResults, rankSearch, searchGifs } from './search.ts';

const MATCHES = SEARCH_CANDIDATES + 1500;

describe('search ranking is bounded (PGlite)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({});
    // MATCHES GIFs titled "common …", one in ten also titled "rare"; ids sort the same way as the numbers.
    await sql`
      INSERT INTO gifs (id, type, slug, title, rating, images)
      SELECT 'bound' || lpad(i::text, 6, '0'), 'gif', 'x', CASE WHEN i % 10 = 0 THEN 'common rare ' ELSE 'common ' END || i, 'g', '{}'
      FROM generate_series(1, ${MATCHES}) AS i`.execute(store.db);
    await sql`ANALYZE gifs`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  const input = { types: ['gif'] as const, rating: 'r' as const, limit: 25, offset: 0 };

  it('ranks at most SEARCH_CANDIDATES matches and estimates the total past them', async () => {
    const ranked = await rankSearch(store.db, { ...input, q: 'common', offset: SEARCH_CANDIDATES - 25 });
    expect(ranked.ids).toHaveLength(SEARCH_CANDIDATES);
    expect(new Set(ranked.ids).size).toBe(SEARCH_CANDIDATES);
    expect(ranked.total).toBeGreaterThan(SEARCH_CANDIDATES);
    // The planner's estimate, from the table's statistics: near the real count.
    expect(ranked.total).toBeGreaterThan(MATCHES * 0.5);
    expect(ranked.total).toBeLessThan(MATCHES * 2);
  });

  it('counts exactly below the bound', async () => {
    const ranked = await rankSearch(store.db, { ...input, q: 'rare', offset: SEARCH_CANDIDATES - 25 });
    expect(ranked.total).toBe(Math.floor(MATCHES / 10));
    expect(ranked.ids).toHaveLength(ranked.total);
    const both = await rankSearch(store.db, { ...input, q: 'common rare', offset: SEARCH_CANDIDATES - 25 });
    expect(both.total).toBe(Math.floor(MATCHES / 10));
  });
});

/** A GIF per i in insertion order, titled "window i"; each hundredth titled "window window i", so more relevant. */
const WINDOWED = 2 * SEARCH_RANK_WINDOW + 100;
const relevant = (i: number) => i % 100 === 0;
const idOf = (i: number) => `win${String(i).padStart(6, '0')}`;

describe.each(storeKinds())('search ranked in windows (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    await sql`
      INSERT INTO gifs (id, type, slug, title, rating, images)
      SELECT 'win' || lpad(i::text, 6, '0'), 'gif', 'x', CASE WHEN i % 100 = 0 THEN 'window window ' ELSE 'window ' END || i, 'g', '{}'
      FROM generate_series(1, ${WINDOWED}) AS i`.execute(store.db);
    await sql`ANALYZE gifs, gif_search`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  const input = { q: 'window', types: ['gif'] as const, rating: 'r' as const, limit: 25, offset: 0 };
  /** Window w's ids as the spec says: its matches in the order found (insertion), the more relevant first, then by id. */
  const windowIds = (w: number) => {
    const all = Array.from({ length: SEARCH_RANK_WINDOW }, (_, k) => w * SEARCH_RANK_WINDOW + k + 1).filter((i) => i <= WINDOWED);
    return [...all.filter(relevant), ...all.filter((i) => !relevant(i))].map(idOf);
  };

  it('ranks a first page among the first window of matches only, and estimates the total past it', async () => {
    const ranked = await rankSearch(store.db, input);
    expect(ranked.ids).toEqual(windowIds(0));
    expect(ranked.complete).toBe(false);
    expect(ranked.total).toBeGreaterThan(SEARCH_RANK_WINDOW);
  });

  it('ranks deeper windows after the earlier ones, which keep their order', async () => {
    const ranked = await rankSearch(store.db, { ...input, offset: SEARCH_RANK_WINDOW + 10 });
    expect(ranked.ids).toEqual([...windowIds(0), ...windowIds(1)]);
    // The page reaching the last match counts them all.
    const all = await rankSearch(store.db, { ...input, offset: WINDOWED - 1, limit: 1 });
    expect(all).toEqual({ ids: [...windowIds(0), ...windowIds(1), ...windowIds(2)], total: WINDOWED, complete: true });
  });

  it('deepens a kept ranking when a page past it is asked for, so pages never repeat or skip', async () => {
    const results = createSearchResults(async () => '1');
    const first = await searchGifs(store.db, input, results);
    expect(first.rows).toEqual(windowIds(0).slice(0, 25));
    const paged: string[] = [];
    for (let offset = 0; offset < WINDOWED; offset += 50) paged.push(...(await searchGifs(store.db, { ...input, offset, limit: 50 }, results)).rows);
    expect(paged).toEqual([...windowIds(0), ...windowIds(1), ...windowIds(2)]);
    const last = await searchGifs(store.db, { ...input, offset: WINDOWED - 50, limit: 50 }, results);
    expect(last.total).toBe(WINDOWED);
  });
});
