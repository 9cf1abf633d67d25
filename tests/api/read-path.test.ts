import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append, pingback } from '../analytics/fixtures.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

interface WireGif {
  id: string;
  title: string;
  user?: { display_name: string };
  analytics_response_payload: string;
  /** GIPHY's action-register URLs, which carry the payload: per answer too. */
  analytics: unknown;
}

/** Waits (bounded) until `check` holds: caches here follow changes within about a second. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > 5_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The read path's kept work (docs/decisions.md, "The public read path at scale") answers like the
 * work it replaces: wire objects follow every change to a GIF or its user, kept search rankings
 * follow content changes, and trending pages come from the order the projection runner keeps.
 */
describe.each(storeKinds())('public read path: kept work follows changes (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const gif = async (id: string) => (await server.get(`/v1/gifs/${id}?random_id=${Math.random()}`)).body.data as WireGif;

  it('rebuilds a GIF’s wire object when the GIF or its user changes, and signs every answer afresh', async () => {
    // A public user's GIF: a hidden user never appears in a GIF object.
    const owned = await server.store.db
      .selectFrom('gifs')
      .innerJoin('users', 'users.id', 'gifs.user_id')
      .select(['gifs.id', 'gifs.user_id'])
      .where('users.is_public', '=', true)
      .where('gifs.is_removed', '=', false)
      .executeTakeFirstOrThrow();
    const before = await gif(owned.id);
    const again = await gif(owned.id);
    expect(again).toEqual({ ...before, analytics_response_payload: again.analytics_response_payload, analytics: again.analytics });
    expect(again.analytics_response_payload).not.toBe(before.analytics_response_payload);

    await server.store.db.updateTable('gifs').set({ title: 'A title changed behind the cache' }).where('id', '=', owned.id).execute();
    expect((await gif(owned.id)).title).toBe('A title changed behind the cache');
    await server.store.db.updateTable('users').set({ display_name: 'Renamed Creator' }).where('id', '=', owned.user_id!).execute();
    expect((await gif(owned.id)).user?.display_name).toBe('Renamed Creator');
    // The stored wire object was rebuilt from the new rows, not only this process's copy (stored
    // after the answer is sent, so it may take a moment).
    const storedBody = async () =>
      (await server.store.db.selectFrom('gif_wire').select('body').where('gif_id', '=', owned.id).executeTakeFirst())?.body ?? '';
    await expect.poll(storedBody, { timeout: 10_000 }).toContain('Renamed Creator');
    await server.store.db.updateTable('gifs').set({ removal: 'moderation' }).where('id', '=', owned.id).execute();
    expect((await server.get(`/v1/gifs/${owned.id}`)).status).toBe(404);
    await server.store.db.updateTable('gifs').set({ removal: null }).where('id', '=', owned.id).execute();
  });

  it('drops a kept search ranking once a GIF changes', async () => {
    const search = async () =>
      ((await server.get(`/v1/gifs/search?q=cat&rating=g&random_id=${Math.random()}`)).body.data as WireGif[]).map((g) => g.id);
    const first = await search();
    expect(first.length).toBeGreaterThan(0);
    const [target] = first as [string];
    const { rating } = await server.store.db.selectFrom('gifs').select('rating').where('id', '=', target).executeTakeFirstOrThrow();
    await server.store.db.updateTable('gifs').set({ rating: 'r' }).where('id', '=', target).execute();
    await eventually(async () => !(await search()).includes(target), 'a re-rated GIF leaves a g-rated search');
    await server.store.db.updateTable('gifs').set({ rating }).where('id', '=', target).execute();
    await eventually(async () => (await search()).includes(target), 'it comes back');
  });

  it('answers trending from the order the projection runner keeps, scores first', async () => {
    const trending = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('type', '=', 'gif')
      .where('trending_datetime', 'is not', null)
      .where('is_hidden', '=', false)
      .where('is_removed', '=', false)
      .orderBy('trending_datetime')
      .orderBy('id', 'desc')
      .execute();
    const last = trending[0]!.id;
    await append(
      server.store.db,
      Array.from({ length: 5 }, () => pingback('click', last, new Date())),
    );
    await server.analytics.catchUp();
    // The first ask is answered from the live query and marks the list wanted; the runner then keeps it.
    const live = (await server.get('/v1/gifs/trending?limit=50&rating=r')).body;
    await server.analytics.catchUp();
    const kept = await sql<{ built: boolean }>`SELECT built_seq >= 0 AS built FROM trending_lists WHERE list = 'gif:3'`.execute(
      server.store.db,
    );
    expect(kept.rows[0]?.built).toBe(true);
    const answer = (await server.get(`/v1/gifs/trending?limit=50&rating=r&random_id=${Math.random()}`)).body;
    expect(answer.data[0].id).toBe(last);
    expect(answer.data.map((g: WireGif) => g.id)).toEqual(live.data.map((g: WireGif) => g.id));
    expect(answer.pagination).toEqual(live.pagination);
  });

  it('answers every page of a kept list as the same slice of it, across the blocks it is read in, and leaves out a GIF hidden since', async () => {
    const ids = async (offset: number, limit: number) =>
      (await server.get(`/v1/gifs/trending?limit=${limit}&offset=${offset}&rating=r&random_id=${Math.random()}`)).body.data.map(
        (g: WireGif) => g.id,
      ) as string[];
    // 120 more trending GIFs, so the kept list is longer than one block; the runner rebuilds it for the change.
    const added = Array.from({ length: 120 }, (_, i) => `blockgif${i}`);
    await sql`INSERT INTO gifs (id, type, slug, title, rating, images, trending_datetime)
      SELECT id, 'gif', id, id, 'g', '{}'::jsonb, now() - make_interval(secs => n) FROM unnest(${added}::text[]) WITH ORDINALITY AS t(id, n)`.execute(
      server.store.db,
    );
    await ids(0, 1);
    await server.analytics.catchUp();
    const whole: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await ids(offset, 50);
      whole.push(...page);
      if (page.length < 50) break;
    }
    // More than one block of positions (TRENDING_BLOCK), so some pages below span two.
    expect(whole.length).toBeGreaterThan(100);
    for (const [offset, limit] of [
      [3, 7],
      [90, 25],
      [99, 2],
      [75, 50],
      [100, 1],
      [whole.length - 5, 10],
    ] as const)
      expect(await ids(offset, limit)).toEqual(whole.slice(offset, offset + limit));
    const hidden = whole[95]!;
    await server.store.db.updateTable('gifs').set({ moderation_state: 'hidden' }).where('id', '=', hidden).execute();
    const after = await ids(90, 25);
    expect(after).not.toContain(hidden);
    expect(after.length).toBeGreaterThan(0);
  });
});
