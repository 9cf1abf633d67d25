import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from './search-index.ts';
import { andOperands } from './tsquery.ts';

describe('andOperands', () => {
  it('reads an AND of lexemes as PostgreSQL prints it', () => {
    expect(andOperands(`'cat':* & 'nap' & 'it''s':*`)).toEqual([
      { lexeme: 'cat', prefix: true },
      { lexeme: 'nap', prefix: false },
      { lexeme: "it's", prefix: true },
    ]);
    expect(andOperands('')).toEqual([]);
  });

  it('leaves any other query to the store', () => {
    expect(andOperands(`'cat' | 'dog'`)).toBeUndefined();
    expect(andOperands(`!'cat'`)).toBeUndefined();
    expect(andOperands(`'cat' <-> 'nap'`)).toBeUndefined();
  });
});

/** Documents whose covers overlap, repeat, span noise words and mix weights: ts_rank_cd's every branch, and the postings' counts at their limit. */
const DOCS: [title: string, tags: string][] = [
  ['cat', ''],
  ['cat nap', 'cat'],
  ['the cat took a long nap', 'nap cat nap'],
  ['nap nap cat cat nap', 'catalog'],
  ['catalog of naps and cats', 'nap'],
  ['a b c d e f cat g h i j k nap', 'cat cat'],
  ['napping catcher', 'cats napping cats'],
  ['dog', 'cat'],
  // More positions of one class than a posting counts (COUNT_MAX): ranked from the positions, ties included.
  ['cat '.repeat(70), 'catalog '.repeat(10)],
  ['cat '.repeat(74), ''],
  ['cat '.repeat(40) + 'catalog '.repeat(30), 'nap'],
  ['cat '.repeat(62), 'cat'],
];
const QUERIES = ['cat:*', 'nap:*', 'cat:* & nap:*', 'nap & cat', 'cat:* & nap:* & catalog:*', 'dog:* & cat:*'];

describe('SearchIndex ranks as ts_rank_cd does', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
  });
  afterAll(async () => {
    await pg.close();
  });

  it.each(QUERIES)('%s', async (query) => {
    const index = new SearchIndex();
    const expected: { id: string; rank: number }[] = [];
    for (const [i, [title, tags]] of DOCS.entries()) {
      const id = `doc${i}`;
      const { rows } = await pg.query<{ search: string; rank: number; matches: boolean }>(
        `SELECT v::text AS search, ts_rank_cd(v, q) AS rank, v @@ q AS matches
         FROM (SELECT setweight(to_tsvector('english', $1), 'A') || setweight(to_tsvector('english', $2), 'B') AS v,
                      to_tsquery('english', $3) AS q) s`,
        [title, tags, query],
      );
      const row = rows[0]!;
      index.put({ id, type: 'gif', ratingRank: 0, search: row.search });
      if (row.matches) expected.push({ id, rank: row.rank });
    }
    const printed = (await pg.query<{ q: string }>(`SELECT to_tsquery('english', $1)::text AS q`, [query])).rows[0]!.q;
    expected.sort((a, b) => b.rank - a.rank || (a.id < b.id ? -1 : 1));
    const ranked = index.search(andOperands(printed)!, { types: ['gif'], maxRatingRank: 0 }, 100);
    expect(ranked).toEqual({ ids: expected.map((e) => e.id), total: expected.length });
    expect(expected.length).toBeGreaterThan(0);
  });
});

describe('SearchIndex', () => {
  const gif = (id: string, search: string, over: { type?: string; ratingRank?: number } = {}) => ({
    id,
    type: over.type ?? 'gif',
    ratingRank: over.ratingRank ?? 0,
    search,
  });

  it('filters by type and rating, and counts every match while ranking only the best', () => {
    const index = new SearchIndex();
    index.put(gif('aaaaaa', `'cat':1A`));
    index.put(gif('bbbbbb', `'cat':1B`));
    index.put(gif('cccccc', `'cat':1A,2B`, { type: 'sticker' }));
    index.put(gif('dddddd', `'cat':1A,2A`, { ratingRank: 3 }));
    index.put(gif('eeeeee', `'cat':1A`));
    const cat = [{ lexeme: 'cat', prefix: false }];
    expect(index.search(cat, { types: ['gif'], maxRatingRank: 1 }, 2)).toEqual({ ids: ['aaaaaa', 'eeeeee'], total: 3 });
    expect(index.search(cat, { types: ['gif', 'sticker'], maxRatingRank: 3 }, 10).ids).toEqual([
      'dddddd',
      'cccccc',
      'aaaaaa',
      'eeeeee',
      'bbbbbb',
    ]);
  });

  it('replaces a GIF put again and forgets one removed, ties still by id', () => {
    const index = new SearchIndex();
    for (const id of ['bbbbbb', 'dddddd', 'ffffff']) index.put(gif(id, `'cat':1A`));
    index.put(gif('aaaaaa', `'cat':1A`));
    index.put(gif('dddddd', `'dog':1A`));
    index.remove('ffffff');
    const cat = [{ lexeme: 'ca', prefix: true }];
    expect(index.search(cat, { types: ['gif'], maxRatingRank: 0 }, 10)).toEqual({ ids: ['aaaaaa', 'bbbbbb'], total: 2 });
    expect(index.size).toBe(3);
    // Lexemes first seen after a prefix search sorted the lexicon take their places in it.
    index.put(gif('gggggg', `'cab':1A`));
    index.put(gif('hhhhhh', `'caa':1A 'zebra':2B`));
    expect(index.search(cat, { types: ['gif'], maxRatingRank: 0 }, 10).ids).toEqual(['aaaaaa', 'bbbbbb', 'gggggg', 'hhhhhh']);
    expect(index.search([{ lexeme: 'cab', prefix: true }], { types: ['gif'], maxRatingRank: 0 }, 10).ids).toEqual(['gggggg']);
    expect(index.search([{ lexeme: 'zeb', prefix: true }], { types: ['gif'], maxRatingRank: 0 }, 10).ids).toEqual(['hhhhhh']);
  });
});
