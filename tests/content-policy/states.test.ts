/**
 * The policy's state read three ways agrees: gifStateOf in TypeScript, gifStateSql in the store, and
 * the listing columns the triggers keep (is_hidden, is_removed, and their copy in gif_search), which
 * listedScope reads. Both stores.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTED_STATES, listedScope } from '../../apps/server/src/content-policy/access.ts';
import { GIF_STATES, gifStateOf, gifStateSql } from '../../apps/server/src/content-policy/states.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { isSampleItem, TEST_MEDIA_DIR } from '../support/corpus.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';
import { putInState } from './gif-states.ts';

describe.each(storeKinds())('content policy states (%s)', (kind) => {
  let store: Store;
  const ids: string[] = [];

  beforeAll(async () => {
    store = await openTestStore(kind);
    await seedDemo(store.db, { mediaDir: TEST_MEDIA_DIR, filter: isSampleItem() });
    const rows = await store.db.selectFrom('gifs').select('id').orderBy('id').limit(GIF_STATES.length).execute();
    for (const [i, state] of GIF_STATES.entries()) {
      await putInState(store.db, rows[i]!.id, state);
      ids.push(rows[i]!.id);
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it('reads each state the same in TypeScript, in SQL and in the listing columns', async () => {
    const { rows } = await sql<{
      id: string;
      visibility: 'public';
      moderation_state: 'none';
      removal: null;
      state: string;
      listed: boolean;
      search_listed: boolean;
    }>`
      SELECT g.id, g.visibility, g.moderation_state, g.removal, ${gifStateSql} AS state, ${listedScope} AS listed,
        (SELECT NOT s.is_hidden AND NOT s.is_removed FROM gif_search s WHERE s.id = g.id) AS search_listed
      FROM gifs g WHERE g.id = ANY(${ids}::text[]) ORDER BY g.id`.execute(store.db);
    expect(rows.map((r) => r.state).sort()).toEqual([...GIF_STATES].sort());
    for (const row of rows) {
      expect(gifStateOf(row), row.id).toBe(row.state);
      const listed = (LISTED_STATES as readonly string[]).includes(row.state);
      expect({ state: row.state, listed: row.listed, search: row.search_listed }).toEqual({ state: row.state, listed, search: listed });
    }
  });

  it('keeps the listing columns to the state whatever is written to them directly', async () => {
    const id = ids[GIF_STATES.indexOf('removed')]!;
    await sql`UPDATE gifs SET is_removed = false, is_hidden = false WHERE id = ${id}`.execute(store.db);
    const row = await store.db.selectFrom('gifs').select(['is_removed', 'removed_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.is_removed).toBe(true);
    expect(row.removed_at).toBeInstanceOf(Date);
  });
});
