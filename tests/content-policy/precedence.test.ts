/**
 * Who outranks whom, through the real routes: staff over moderators over the creator. A moderator
 * cannot restore what staff took down or undo a staff decision; a creator cannot change a rating a
 * moderator set; scheduling keeps a GIF out of sight until its time; a private channel answers as an
 * unknown one. Both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayGifStates, type GifEvent } from '../../apps/server/src/content-policy/replay.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { storeKinds } from '../support/stores.ts';

describe.each(storeKinds())('content policy precedence (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let moderator: TestUser;
  let staff: TestUser;
  const free: string[] = [];

  /** A public GIF of the creator's, not used by another test here. */
  async function creatorsGif(): Promise<string> {
    const id = free.shift()!;
    await server.store.db.updateTable('gifs').set({ user_id: creator.userId }).where('id', '=', id).execute();
    return id;
  }
  const decide = (id: string, as: TestUser, action: string, extra: Record<string, unknown> = {}) =>
    server.call('POST', `/api/v1/gifs/${id}/moderation`, { as, json: { action, reason: 'policy test', ...extra } });
  const takeDown = (id: string) =>
    server.call('POST', '/api/v3/content-takedown/takedown', {
      as: staff,
      json: { items: [{ gif_id: id, reason: 'copyright' }], send_email: false },
    });
  const lookup = async (id: string) => (await server.call('GET', `/v1/gifs/${id}`)).status;
  const columns = (id: string) =>
    server.store.db
      .selectFrom('gifs')
      .select(['visibility', 'moderation_state', 'removal', 'rating', 'decided_by', 'locked_fields'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await startAccountsServer(kind, { web: true });
    [creator, moderator, staff] = [await server.makeUser('creator'), await server.makeUser('moderator'), await server.makeUser('staff')];
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .where('rating', '=', 'g')
      .orderBy('id', 'desc')
      .limit(8)
      .execute();
    free.push(...rows.map((r) => r.id));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a staff takedown from a moderator: restore is refused with why, and the GIF stays down on every door', async () => {
    const id = await creatorsGif();
    expect((await takeDown(id)).status).toBe(201);
    const refused = await decide(id, moderator, 'restore');
    expect(refused.status).toBe(403);
    expect(refused.body.meta.msg).toMatch(/Staff took this GIF down; only staff can change it/);
    expect(await columns(id)).toMatchObject({ removal: 'takedown', decided_by: 'staff' });
    expect(await lookup(id)).toBe(451);
    expect((await server.call('GET', `/embed/${id}`)).status).toBe(451);
    // Staff may undo their own takedown within the retention period.
    expect((await decide(id, staff, 'restore')).status).toBe(200);
    expect(await lookup(id)).toBe(200);
  });

  it('lets a moderator add to a staff decision but not undo it', async () => {
    const id = await creatorsGif();
    expect((await decide(id, staff, 'hide')).status).toBe(200);
    const undo = await decide(id, moderator, 'approve');
    expect(undo.status).toBe(403);
    expect(undo.body.meta.msg).toMatch(/cannot approve it over a staff decision/);
    expect((await decide(id, moderator, 'remove')).status).toBe(200);
    expect((await decide(id, moderator, 'restore')).status).toBe(403);
    expect(await columns(id)).toMatchObject({ removal: 'moderation', moderation_state: 'hidden', decided_by: 'staff' });
  });

  it('locks a rating a moderator set: the creator gets 409 and the GIF stays out of milder searches', async () => {
    const id = await creatorsGif();
    const tag = `lockedrating${Math.random().toString(36).slice(2, 8)}`;
    await server.store.db
      .updateTable('gifs')
      .set({ tags: [tag] })
      .where('id', '=', id)
      .execute();
    expect((await decide(id, moderator, 'rate', { rating: 'r' })).status).toBe(200);
    const patch = await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: creator, json: { rating: 'g', title: 'still mine' } });
    expect(patch.status).toBe(409);
    expect(patch.body.meta.msg).toMatch(/rating was set by the moderators and is locked/);
    const bulk = await server.call('POST', '/api/v1/gifs/bulk/', { as: creator, json: { gif_ids: [id], rating: 'g' } });
    expect(bulk.status).toBe(409);
    // Refused whole: the title in the same change is not written either.
    expect(await columns(id)).toMatchObject({ rating: 'r', locked_fields: ['rating'] });
    const search = await server.call('GET', `/v1/gifs/search?q=${tag}&rating=g`);
    expect(search.body.data.map((g: { id: string }) => g.id)).not.toContain(id);
    // The creator still edits what no decision set (a form sending the locked value unchanged too); staff outrank the lock.
    expect((await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: creator, json: { title: 'renamed', rating: 'r' } })).status).toBe(200);
    expect((await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: staff, json: { rating: 'pg' } })).status).toBe(200);
  });

  it('refuses to restore a GIF its owner deleted', async () => {
    const id = await creatorsGif();
    expect((await server.call('DELETE', `/api/v1/gifs/${id}/`, { as: creator })).status).toBe(200);
    expect(await columns(id)).toMatchObject({ removal: 'owner' });
    const restore = await decide(id, staff, 'restore');
    expect(restore.status).toBe(409);
    expect(await lookup(id)).toBe(404);
  });

  it('keeps a scheduled GIF out of sight until its time, and a cancel gives back what it was', async () => {
    const id = await creatorsGif();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const made = await server.call('POST', '/schedule', {
      as: creator,
      via: 'token',
      json: { gifs: [{ id, is_sticker: false, type: 'gif' }], timestamp: at, public_gifs: 'private_until_publish' },
    });
    expect(made.status, made.text).toBe(201);
    expect(await columns(id)).toMatchObject({ visibility: 'scheduled' });
    expect(await lookup(id)).toBe(404);
    expect((await server.call('GET', `/embed/${id}`)).status).toBe(404);
    expect((await server.call('GET', `/gifs/${id}`, { as: creator })).status).toBe(200);
    expect((await server.call('DELETE', `/schedule/${made.body.data.id}`, { as: creator, via: 'token' })).status).toBe(200);
    expect(await columns(id)).toMatchObject({ visibility: 'public' });
    expect(await lookup(id)).toBe(200);
  });

  it("answers a private channel's slug exactly as an unknown one", async () => {
    const slug = `secret-${Math.random().toString(36).slice(2, 8)}`;
    const made = await server.call('POST', '/api/v4/channels/', { as: creator, json: { slug, display_name: 'Secret', is_private: true } });
    expect(made.status, made.text).toBe(201);
    const hidden = await server.call('GET', `/api/v4/channels?slug=${slug}`);
    const unknown = await server.call('GET', `/api/v4/channels?slug=${slug}x`);
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(hidden.body.meta.msg.replace(slug, 'S')).toBe(unknown.body.meta.msg.replace(`${slug}x`, 'S'));
    expect((await server.call('GET', `/api/v4/channels?slug=${slug}`, { as: creator })).status).toBe(200);
  });

  // Last: the changes made above (takedowns, decisions, edits, deletions, schedules) are in the log.
  it("rebuilds every GIF's state from the event log alone", async () => {
    const events = await server.store.db
      .selectFrom('events')
      .select(['type', 'stream_id', 'payload'])
      .where('stream', '=', 'gif')
      .orderBy('seq')
      .execute();
    const replayed = replayGifStates(events as GifEvent[]);
    const rows = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'visibility', 'moderation_state', 'removal'])
      .where('id', 'in', [...replayed.keys()])
      .execute();
    // The GIFs changed above are among them, in states other than public.
    expect(new Set(rows.map((r) => r.removal))).toEqual(new Set([null, 'moderation', 'owner']));
    for (const { id, ...columns } of rows) expect({ id, ...replayed.get(id) }).toEqual({ id, ...columns });
  });
});
