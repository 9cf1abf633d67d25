import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db.ts';
import { SEARCH_CANDIDATES } from './constants.ts';
import { rankSearch } from './search.ts';

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
    const ranked = await rankSearch(store.db, { ...input, q: 'common' });
    expect(ranked.ids).toHaveLength(SEARCH_CANDIDATES);
    expect(new Set(ranked.ids).size).toBe(SEARCH_CANDIDATES);
    expect(ranked.total).toBeGreaterThan(SEARCH_CANDIDATES);
    // The planner's estimate, from the table's statistics: near the real count.
    expect(ranked.total).toBeGreaterThan(MATCHES * 0.5);
    expect(ranked.total).toBeLessThan(MATCHES * 2);
  });

  it('counts exactly below the bound', async () => {
    const ranked = await rankSearch(store.db, { ...input, q: 'rare' });
    expect(ranked.total).toBe(Math.floor(MATCHES / 10));
    expect(ranked.ids).toHaveLength(ranked.total);
    const both = await rankSearch(store.db, { ...input, q: 'common rare' });
    expect(both.total).toBe(Math.floor(MATCHES / 10));
  });
});
