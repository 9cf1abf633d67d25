/**
 * A GIF's first presentation (docs/decisions.md, "A GIF's first presentation"): a process that holds
 * no text of a GIF reads its stored wire object in the statement that checks its source, builds the
 * others from their rows and stores them behind the answer; and a stored wire object is never
 * served once the GIF or its user changed, nor for a GIF the content policy no longer shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createWireTexts } from '../../apps/server/src/public-api/wire.ts';
import type { PresentContext } from '../../apps/server/src/public-api/present.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const IDS = ['wireobj1', 'wireobj2', 'wireobj3', 'wireobj4'];
const ctx: PresentContext = { origin: 'http://127.0.0.1:8080', responseId: 'r', eventType: 'GIF_SEARCH', signPayload: () => 'signed' };
const text = (texts: Map<string, readonly Uint8Array[]>, id: string) => Buffer.concat(texts.get(id)!).toString();

/** The database, counting every statement sent through it. */
function counting(db: Kysely<Database>) {
  let statements = 0;
  const counted = db.withPlugin({
    transformQuery: ({ node }) => {
      statements += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { counted, statements: () => statements };
}

describe.each(storeKinds())('wire objects shown for the first time (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
    const user = await store.db.insertInto('users').values({ username: 'wireobj_user', display_name: 'Wire Owner' }).returning('id').executeTakeFirstOrThrow();
    await store.db
      .insertInto('gifs')
      .values(IDS.map((id) => ({ id, type: 'gif' as const, slug: id, title: `Title of ${id}`, rating: 'g' as const, images: '{}', user_id: user.id })))
      .execute();
  });
  afterAll(async () => {
    await store?.close();
  });

  const storedCount = async () => (await store.db.selectFrom('gif_wire').select('gif_id').where('gif_id', 'in', IDS).execute()).length;

  it('stores built wire objects behind the answer, and another process reads them with its sources in one statement', async () => {
    const first = createWireTexts(store.db, store.db);
    const built = await first.forIds(IDS, ctx, true);
    await expect.poll(storedCount, { timeout: 10_000 }).toBe(IDS.length);

    const { counted, statements } = counting(store.db);
    const second = createWireTexts(counted, store.db);
    const read = await second.forIds(IDS, ctx, true);
    expect(statements()).toBe(1);
    for (const id of IDS) expect(text(read, id)).toBe(text(built, id));
  });

  it('never serves a stored wire object of a GIF changed, unlisted, removed or whose user changed', async () => {
    const shown = createWireTexts(store.db, store.db);
    await shown.forIds(IDS, ctx, true);
    await store.db.updateTable('gifs').set({ title: 'Retitled after storing' }).where('id', '=', IDS[0]!).execute();
    await store.db.updateTable('gifs').set({ visibility: 'unlisted' }).where('id', '=', IDS[1]!).execute();
    await store.db.updateTable('gifs').set({ removal: 'moderation' }).where('id', '=', IDS[2]!).execute();
    await store.db.updateTable('users').set({ display_name: 'Renamed Owner' }).where('username', '=', 'wireobj_user').execute();

    // A process that held their texts, and one that never saw them (it would read the stored ones).
    for (const wires of [shown, createWireTexts(store.db, store.db)]) {
      const listed = await wires.forIds(IDS, ctx, true);
      expect([...listed.keys()].sort()).toEqual([IDS[0], IDS[3]]);
      expect(JSON.parse(text(listed, IDS[0]!))).toMatchObject({ title: 'Retitled after storing', user: { display_name: 'Renamed Owner' } });
      expect(JSON.parse(text(listed, IDS[3]!))).toMatchObject({ title: `Title of ${IDS[3]}`, user: { display_name: 'Renamed Owner' } });
      const byId = await wires.forIds(IDS, ctx, false);
      expect([...byId.keys()].sort()).toEqual([IDS[0], IDS[1], IDS[3]]);
    }
    // The rebuilt objects replace the stored ones.
    const storedTitle = async () => (await store.db.selectFrom('gif_wire').select('body').where('gif_id', '=', IDS[0]!).executeTakeFirst())?.body ?? '';
    await expect.poll(storedTitle, { timeout: 10_000 }).toContain('Renamed Owner');
  });
});
