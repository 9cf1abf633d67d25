/**
 * GET /api/v4/studios/ (issue 31, what /studios shows): the verified public users, whoever verified
 * them, most listed GIFs first, each with their open top-level channels; hidden and unverified users
 * never; a bad offset is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

interface Studio {
  id: number;
  username: string;
  is_verified: boolean;
  gif_count: number;
  channels: { slug: string; display_name: string }[];
}

describe.each(storeKinds())('studios (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  const studios = async (query = '') => {
    const res = await server.get(`/api/v4/studios/${query}`);
    return { status: res.status, body: res.body as { data: Studio[]; pagination: { total_count: number; count: number; offset: number } } };
  };

  it('lists the verified public users with their GIF counts and open channels, most GIFs first', async () => {
    const { db } = server.store;
    const verified = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('is_verified', '=', true)
      .where('is_public', '=', true)
      .orderBy('id')
      .execute();
    expect(verified.length).toBeGreaterThan(1);
    const { status, body } = await studios();
    expect(status).toBe(200);
    expect(body.data.map((s) => s.username).sort()).toEqual(verified.map((u) => u.username).sort());
    expect(body.pagination).toEqual({ total_count: verified.length, count: verified.length, offset: 0 });
    expect(body.data.every((s) => s.is_verified)).toBe(true);
    const counts = body.data.map((s) => s.gif_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // A channel of a studio: listed while open, gone once private.
    const owner = body.data[0]!;
    const { id } = await db
      .insertInto('channels')
      .values({ slug: 'studio-test-channel', display_name: 'Studio test channel', user_id: owner.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await studios()).body.data.find((s) => s.id === owner.id)!.channels).toContainEqual({
      slug: 'studio-test-channel',
      display_name: 'Studio test channel',
    });
    await db.updateTable('channels').set({ is_private: true }).where('id', '=', id).execute();
    expect((await studios()).body.data.find((s) => s.id === owner.id)!.channels).not.toContainEqual(
      expect.objectContaining({ slug: 'studio-test-channel' }),
    );
  });

  it('leaves out hidden and unverified users, and verifies by the column whoever set it', async () => {
    const { db } = server.store;
    const hidden = (await studios()).body.data.at(-1)!;
    await db.updateTable('users').set({ is_public: false }).where('id', '=', hidden.id).execute();
    const unverified = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('is_verified', '=', false)
      .where('is_public', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await studios()).body.data.map((s) => s.id)).not.toContain(hidden.id);
    expect((await studios()).body.data.map((s) => s.id)).not.toContain(unverified.id);
    await db.updateTable('users').set({ is_verified: true }).where('id', '=', unverified.id).execute();
    expect((await studios()).body.data.map((s) => s.id)).toContain(unverified.id);
    await db.updateTable('users').set({ is_public: true }).where('id', '=', hidden.id).execute();
    await db.updateTable('users').set({ is_verified: false }).where('id', '=', unverified.id).execute();
  });

  it('pages by offset and refuses a bad one', async () => {
    const all = (await studios()).body;
    const rest = await studios('?offset=1');
    expect(rest.body.data.map((s) => s.id)).toEqual(all.data.slice(1).map((s) => s.id));
    expect(rest.body.pagination.offset).toBe(1);
    const bad = await server.get('/api/v4/studios/?offset=-1');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('offset');
  });
});
