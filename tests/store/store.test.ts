import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, MIGRATIONS } from '../../apps/server/src/store/migrate.ts';
import { appendEvents } from '../../apps/server/src/store/events.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('store (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  const recorded = async () =>
    (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(store.db)).rows.map((r) => r.name);

  it('has applied every migration once, and applying again changes nothing', async () => {
    expect(await recorded()).toEqual(Object.keys(MIGRATIONS));
    expect(await migrate(store.db)).toEqual([]);
  });

  it("adopts the record of a database made before Kysely's Migrator, applying nothing again", async () => {
    const before = await recorded();
    await sql`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`.execute(
      store.db,
    );
    for (const name of before) {
      const [version, ...words] = name.split('_');
      await sql`INSERT INTO schema_migrations (version, name) VALUES (${Number(version)}, ${words.join('_')})`.execute(store.db);
    }
    await sql`DELETE FROM kysely_migration`.execute(store.db);

    expect(await migrate(store.db)).toEqual([]);
    expect(await recorded()).toEqual(before);
    expect((await sql`SELECT to_regclass('schema_migrations')::text AS found`.execute(store.db)).rows).toEqual([{ found: null }]);
  });

  it('appends events with a monotonic seq and drops repeated event ids', async () => {
    const first = await store.db.transaction().execute((trx) =>
      appendEvents(trx, [
        { eventId: 'evt-a', type: 'test.happened', stream: 'test', streamId: '1', payload: { n: 1 } },
        { eventId: 'evt-b', type: 'test.happened', stream: 'test', streamId: '1', payload: { n: 2 } },
      ]),
    );
    expect(first).toBe(2);
    const again = await store.db.transaction().execute((trx) =>
      appendEvents(trx, [
        { eventId: 'evt-b', type: 'test.happened', stream: 'test', streamId: '1', payload: { n: 99 } },
        { eventId: 'evt-c', type: 'test.happened', stream: 'test', streamId: '1', payload: { n: 3 } },
      ]),
    );
    expect(again).toBe(1);
    const rows = await store.db
      .selectFrom('events')
      .select(['seq', 'event_id', 'payload'])
      .where('stream', '=', 'test')
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.event_id)).toEqual(['evt-a', 'evt-b', 'evt-c']);
    expect(rows.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(typeof rows[0]?.seq).toBe('string');
    const seqs = rows.map((r) => BigInt(r.seq));
    expect(seqs[0]! < seqs[1]! && seqs[1]! < seqs[2]!).toBe(true);
  });

  it("prepares the log's append once per connection, and runs it again under its name", async () => {
    const event = (id: string) => ({ eventId: id, type: 'test.prepared', stream: 'test', streamId: '2', payload: {} });
    const prepared = await store.db.transaction().execute(async (trx) => {
      await appendEvents(trx, [event('evt-p1')]);
      await appendEvents(trx, [event('evt-p2'), event('evt-p1')]);
      return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(trx)).rows.map((r) => r.name);
    });
    expect(prepared).toEqual(['append-events']);
    const logged = await store.db.selectFrom('events').select('event_id').where('type', '=', 'test.prepared').orderBy('seq').execute();
    expect(logged.map((r) => r.event_id)).toEqual(['evt-p1', 'evt-p2']);
  });

  it('keeps a mutation and its event together: a failed transaction leaves neither', async () => {
    await expect(
      store.db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values({ username: 'rolled_back', avatar: null, banner: null }).execute();
        await appendEvents(trx, [{ eventId: 'evt-rollback', type: 'user.created', stream: 'user', streamId: 'x', payload: {} }]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.db.selectFrom('users').select('id').where('username', '=', 'rolled_back').executeTakeFirst()).toBeUndefined();
    expect(await store.db.selectFrom('events').select('seq').where('event_id', '=', 'evt-rollback').executeTakeFirst()).toBeUndefined();
  });

  it('enforces the schema’s checks with PostgreSQL error codes', async () => {
    const insert = (rating: string) =>
      store.db
        .insertInto('gifs')
        .values({ id: 'checkme1', type: 'gif', slug: 's', title: 't', rating: rating as 'g', images: '{}' })
        .execute();
    await expect(insert('nc-17')).rejects.toMatchObject({ code: '23514' });
    await insert('pg');
    await expect(insert('pg')).rejects.toMatchObject({ code: '23505' });
    const row = await store.db.selectFrom('gifs').select(['rating_rank']).where('id', '=', 'checkme1').executeTakeFirstOrThrow();
    expect(row.rating_rank).toBe(1);
  });

  it('finds by full text with title weighted over tags, and by trigram similarity', async () => {
    await store.db
      .insertInto('gifs')
      .values([
        { id: 'ftsOne1', type: 'gif', slug: 'a', title: 'Dancing penguin', tags: ['ice'], rating: 'g', images: '{}' },
        { id: 'ftsTwo2', type: 'gif', slug: 'b', title: 'Ice floe', tags: ['penguin', 'dancing'], rating: 'g', images: '{}' },
      ])
      .execute();
    const ranked = await sql<{ id: string }>`
      SELECT id FROM gifs WHERE search @@ to_tsquery('english', 'penguin:*')
      ORDER BY ts_rank_cd(search, to_tsquery('english', 'penguin:*')) DESC`.execute(store.db);
    expect(ranked.rows.map((r) => r.id)).toEqual(['ftsOne1', 'ftsTwo2']);
    const fuzzy = await sql<{ id: string }>`SELECT id FROM gifs WHERE loopbox_search_doc(title, tags) %> 'pengiun' ORDER BY id`.execute(
      store.db,
    );
    expect(fuzzy.rows.map((r) => r.id)).toEqual(['ftsOne1', 'ftsTwo2']);
  });
});
