/**
 * The embedded store counts changes to `gifs`, `users` and `trending_lists` before the writer's own
 * call returns (migration 016), and the public API's wire texts reuse a page's checked sources only
 * while that count stands: a repeated page costs no query, and a change shows in the very next answer.
 * Trending search terms are kept likewise, also counting their own tables (migration 026).
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDING_TERMS_KEPT_MS } from '../../apps/server/src/content/constants.ts';
import { keptTrendingTerms } from '../../apps/server/src/content/tags.ts';
import { createWireTexts } from '../../apps/server/src/public-api/wire.ts';
import type { PresentContext } from '../../apps/server/src/public-api/present.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const IDS = ['changes1', 'changes2', 'changes3'];
const ctx: PresentContext = { origin: 'http://127.0.0.1', responseId: 'r', eventType: 'GIF_SEARCH', signPayload: () => 'signed' };

/** The database, counting the statements through it that hold `marker`. */
function countingReads(db: Kysely<Database>, marker: string) {
  let reads = 0;
  const counted = db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'RawNode' && node.sqlFragments.join('').includes(marker)) reads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { counted, reads: () => reads };
}

describe('content changes on the embedded store', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore('pglite');
    await store.db
      .insertInto('gifs')
      .values(IDS.map((id) => ({ id, type: 'gif' as const, slug: id, title: `Title of ${id}`, rating: 'g' as const, images: '{}' })))
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('counts a change to gifs or users by the time the writer’s call returns, and a transaction’s at its commit', async () => {
    const changes = store.contentChanges!;
    const start = changes();
    await store.db.updateTable('gifs').set({ title: 'Changed' }).where('id', '=', IDS[0]!).execute();
    expect(changes()).toBe(start + 1);
    await store.db.insertInto('users').values({ username: 'changes_user', display_name: 'Changes' }).execute();
    expect(changes()).toBe(start + 2);
    await store.db.transaction().execute(async (trx) => {
      await trx.updateTable('gifs').set({ title: 'Twice' }).where('id', '=', IDS[1]!).execute();
      await trx.updateTable('gifs').set({ title: 'Twice more' }).where('id', '=', IDS[2]!).execute();
      expect(changes()).toBe(start + 2);
    });
    expect(changes()).toBe(start + 3);
    // A kept trending list asked for or rebuilt.
    await sql`INSERT INTO trending_lists (list, total, built_seq, content_version) VALUES ('changes-list', 0, -1, -1)`.execute(store.db);
    expect(changes()).toBe(start + 4);
    await sql`SELECT count(*) FROM gifs`.execute(store.db);
    await store.db.selectFrom('users').selectAll().execute();
    expect(changes()).toBe(start + 4);
  });

  it('counts changes to what trending searches are read from on a channel of their own', async () => {
    const searches = store.trendingSearchChanges!;
    const content = store.contentChanges!;
    const [searchesBefore, contentBefore] = [searches(), content()];
    await sql`INSERT INTO blocked_trending_terms (term) VALUES ('counted term')`.execute(store.db);
    await sql`INSERT INTO approved_trending_terms (term) VALUES ('counted term')`.execute(store.db);
    await sql`DELETE FROM search_term_searchers WHERE term = 'counted term'`.execute(store.db);
    await sql`DELETE FROM search_trending WHERE term = 'counted term'`.execute(store.db);
    expect(searches()).toBe(searchesBefore + 4);
    // Searches folded every second must not drop what the process keeps of GIFs, nor a GIF's change the kept terms.
    expect(content()).toBe(contentBefore);
    await store.db.updateTable('gifs').set({ title: 'Not a search' }).where('id', '=', IDS[0]!).execute();
    expect(searches()).toBe(searchesBefore + 4);
  });

  it('keeps trending search terms until what they are read from changes, or their time is up', async () => {
    const { counted, reads } = countingReads(store.db, 'FROM search_trending t');
    let now = 0;
    const kept = keptTrendingTerms(counted, { minSearchers: 1, review: true, blocklist: new Set() }, store, () => now);
    const shows = async () => (await kept(20)).includes('kept term');
    const write = (statement: ReturnType<typeof sql>) => statement.execute(store.db);
    const searcher = sql`INSERT INTO search_term_searchers (term, searcher, last_seen) VALUES ('kept term', 'someone', now())`;
    await write(sql`INSERT INTO approved_trending_terms (term) VALUES ('kept term')`);
    await write(searcher);
    expect(await shows()).toBe(false);
    expect(await shows()).toBe(false);
    expect(reads()).toBe(1);
    await write(sql`INSERT INTO search_trending (term, score, as_of, rank, searches) VALUES ('kept term', 10, now(), 100, 5)`);
    expect(await shows()).toBe(true);
    await write(sql`DELETE FROM search_term_searchers WHERE term = 'kept term'`);
    expect(await shows()).toBe(false);
    await write(searcher);
    await write(sql`DELETE FROM approved_trending_terms WHERE term = 'kept term'`);
    expect(await shows()).toBe(false);
    await write(sql`INSERT INTO approved_trending_terms (term) VALUES ('kept term')`);
    expect(await shows()).toBe(true);
    await write(sql`INSERT INTO blocked_trending_terms (term) VALUES ('kept term')`);
    expect(await shows()).toBe(false);
    expect(reads()).toBe(6);
    // The searchers' window moves on with time alone.
    now += TRENDING_TERMS_KEPT_MS;
    await kept(20);
    expect(reads()).toBe(7);
  });

  it('serves a repeated page from its checked sources, and the next answer after a change from the store', async () => {
    const { counted, reads } = countingReads(store.db, 'AS source FROM gifs g');
    const wires = createWireTexts(counted, store.db, { contentChanges: store.contentChanges });
    const first = await wires.forIds(IDS, ctx, true);
    expect([...first.keys()].sort()).toEqual([...IDS].sort());
    await wires.forIds(IDS, ctx, true);
    await wires.forIds(IDS, ctx, true);
    expect(reads()).toBe(1);
    // A lookup by id checks its own way (unlisted GIFs open by id): a page of its own.
    await wires.forIds(IDS, ctx, false);
    expect(reads()).toBe(2);

    await store.db.updateTable('gifs').set({ title: 'Renamed at once' }).where('id', '=', IDS[0]!).execute();
    const renamed = await wires.forIds(IDS, ctx, true);
    expect(reads()).toBe(3);
    expect(JSON.parse(Buffer.concat(renamed.get(IDS[0]!)!).toString()).title).toBe('Renamed at once');

    // Unlisted: out of listings, open by id.
    await store.db.updateTable('gifs').set({ visibility: 'unlisted' }).where('id', '=', IDS[1]!).execute();
    expect([...(await wires.forIds(IDS, ctx, true)).keys()].sort()).toEqual([IDS[0], IDS[2]]);
    expect([...(await wires.forIds(IDS, ctx, false)).keys()].sort()).toEqual([...IDS].sort());
  });
});

describe.each(storeKinds().filter((kind) => kind === 'postgres'))('content changes on %s', (kind) => {
  it('keeps no count: other processes’ changes would reach a listener late, so every answer checks its sources', async () => {
    const store = await openTestStore(kind);
    try {
      expect(store.contentChanges).toBeUndefined();
      expect(store.trendingSearchChanges).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
