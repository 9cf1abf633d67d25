/**
 * The media door follows the content policy, through the real routes that change a GIF's state: a
 * file cached at the edge while public is refused at once (404, 410, 451) once the GIF is made
 * private, hidden, removed or taken down, directly and through the edge, and never kept; the owner
 * and staff still get it, uncached; imaging's `media_url` answers as the door does to anyone; and
 * removed GIFs' files are deleted after the retention period. Both stores.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalMessage } from '../../apps/server/src/content-policy/refusal.ts';
import { deleteExpiredMedia } from '../../apps/server/src/media/retention.ts';
import { startAccountsServer, type AccountsServer, type Answer, type TestUser } from '../support/accounts.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { storeKinds } from '../support/stores.ts';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
const PRIVATE_CACHE = 'private, no-store';

describe.each(storeKinds())('media follow the content policy (%s)', { timeout: 300_000 }, (kind) => {
  let server: AccountsServer;
  let owner: TestUser;
  let moderator: TestUser;
  let staff: TestUser;
  const free: { id: string; file: string }[] = [];
  const made: string[] = [];

  /** A public GIF of the owner's, not used by another test here, and the path of its original GIF file. */
  async function ownersGif(): Promise<{ id: string; media: string }> {
    const { id, file } = free.shift()!;
    await server.store.db.updateTable('gifs').set({ user_id: owner.userId }).where('id', '=', id).execute();
    return { id, media: `/media/${id}/${file}` };
  }
  const anyone = (media: string, direct = false) => server.call('GET', media, { direct });
  const cacheOf = (a: Answer) => [a.status, a.headers.get('cache-control'), a.headers.get('x-cache')];
  const trim = (media: string) =>
    server.call('GET', `/imaging/trim?media_url=${encodeURIComponent(media)}&start=0&duration=0.2`, { as: owner, via: 'token' });
  const schedule = (id: string) =>
    server.call('POST', '/schedule', {
      as: owner,
      via: 'token',
      json: {
        gifs: [{ id, is_sticker: false, type: 'gif' }],
        timestamp: new Date(Date.now() + 3_600_000).toISOString(),
        public_gifs: 'private_until_publish',
      },
    });

  beforeAll(async () => {
    server = await startAccountsServer(kind);
    [owner, moderator, staff] = [await server.makeUser('creator'), await server.makeUser('moderator'), await server.makeUser('staff')];
    const rows = await server.store.db
      .selectFrom('gifs')
      .select(['id', 'images'])
      .where('type', '=', 'gif')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .orderBy('id', 'desc')
      .limit(12)
      .execute();
    free.push(...rows.map((r) => ({ id: r.id, file: r.images.original!.gif!.file })));
  });
  afterAll(async () => {
    for (const id of made) fs.rmSync(path.join(TEST_MEDIA_DIR, id), { recursive: true, force: true });
    await server?.close();
  });

  it.each([
    {
      state: 'private',
      status: 404,
      ownerSees: true,
      change: (id: string) => server.call('PATCH', `/api/v1/gifs/${id}/`, { as: owner, json: { visibility: 'private' } }),
    },
    { state: 'scheduled', status: 404, ownerSees: true, change: schedule },
    {
      state: 'hidden',
      status: 410,
      ownerSees: true,
      change: (id: string) =>
        server.call('POST', `/api/v1/gifs/${id}/moderation`, { as: moderator, json: { action: 'hide', reason: 'media policy test' } }),
    },
    {
      state: 'removed by its owner',
      status: 404,
      ownerSees: false,
      change: (id: string) => server.call('DELETE', `/api/v1/gifs/${id}/`, { as: owner }),
    },
    {
      state: 'taken down',
      status: 451,
      ownerSees: false,
      change: (id: string) =>
        server.call('POST', '/api/v3/content-takedown/takedown', {
          as: staff,
          json: { items: [{ reason: 'copyright', gif_id: id }], send_email: false },
        }),
    },
  ] satisfies { state: string; status: 404 | 410 | 451; ownerSees: boolean; change: (id: string) => Promise<Answer> }[])(
    'stops serving a GIF $state at once, at the server and the edge, never kept ($status)',
    async ({ status, ownerSees, change }) => {
      const { id, media } = await ownersGif();
      expect(cacheOf(await anyone(media))).toEqual([200, PUBLIC_CACHE, 'MISS']);
      expect(cacheOf(await anyone(media))).toEqual([200, PUBLIC_CACHE, 'HIT']);

      const changed = await change(id);
      expect(changed.status, changed.text.slice(0, 200)).toBeLessThan(300);

      const refusals = [await anyone(media), await anyone(media), await anyone(media, true)];
      expect(refusals.map(cacheOf)).toEqual([
        [status, 'no-store', 'MISS'],
        [status, 'no-store', 'MISS'],
        [status, 'no-store', null],
      ]);
      for (const answer of refusals) expect(answer.body.meta).toMatchObject({ status, msg: refusalMessage(id, status) });
      // Its owner (session through the edge, token at the server) and staff still get it, kept by no cache.
      const bySession = await server.call('GET', media, { as: owner });
      const byToken = await server.call('GET', media, { as: owner, via: 'token', direct: true });
      for (const answer of [bySession, byToken])
        expect(cacheOf(answer).slice(0, 2)).toEqual(ownerSees ? [200, PRIVATE_CACHE] : [status, 'no-store']);
      expect(bySession.headers.get('x-cache')).toBe('BYPASS');
      expect(cacheOf(await server.call('GET', media, { as: staff, via: 'token' })).slice(0, 2)).toEqual([200, PRIVATE_CACHE]);
      // Imaging reads this server's media only when anyone may open it, and says what the door says.
      const trimmed = await trim(media);
      expect([trimmed.status, trimmed.body.field]).toEqual([status, 'media_url']);
    },
  );

  it('answers a GIF refused with 404 exactly as an unknown id, whatever credential comes with it', async () => {
    const { id, media } = await ownersGif();
    await server.call('PATCH', `/api/v1/gifs/${id}/`, { as: owner, json: { visibility: 'private' } });
    const file = media.split('/').pop()!;
    const unknown = await anyone(`/media/zzUnknownGif00/${file}`, true);
    const asked = [
      await anyone(media, true),
      await server.call('GET', media, { direct: true, headers: { Authorization: `Bearer ${'x'.repeat(24)}` } }),
      await server.call('GET', media, { as: moderator, direct: true }),
    ];
    for (const answer of asked) {
      expect([answer.status, answer.headers.get('cache-control')]).toEqual([404, 'no-store']);
      expect(answer.text.replaceAll(id, 'ID')).toBe(unknown.text.replaceAll('zzUnknownGif00', 'ID'));
    }
    const said = (a: Answer) => [a.status, a.body.field, a.body.meta.msg];
    expect(said(await trim(media))).toEqual(said(await trim(`/media/zzUnknownGif00/${file}`)));
  });

  it('keeps serving avatars and other non-GIF media to anyone, cacheable', async () => {
    const avatar = (await server.store.db.selectFrom('users').select('avatar').where('avatar', 'is not', null).executeTakeFirstOrThrow())
      .avatar!;
    expect(cacheOf(await anyone(`/media/${avatar}`, true)).slice(0, 2)).toEqual([200, PUBLIC_CACHE]);
  });

  it('purges a GIF from the edge when it is scheduled or its post cancelled', async () => {
    const { id, media } = await ownersGif();
    const scheduled = await schedule(id);
    const cancelled = await server.call('DELETE', `/schedule/${scheduled.body.data.id}`, { as: owner, via: 'token', direct: true });
    expect(cancelled.headers.get('loopbox-purge')).toBe(`gif:${id}`);
    expect(cacheOf(await anyone(media))).toEqual([200, PUBLIC_CACHE, 'MISS']);
    const again = await server.call('POST', '/schedule', {
      as: owner,
      via: 'token',
      direct: true,
      json: {
        gifs: [{ id, is_sticker: false, type: 'gif' }],
        timestamp: new Date(Date.now() + 3_600_000).toISOString(),
        public_gifs: 'private_until_publish',
      },
    });
    expect([again.status, again.headers.get('loopbox-purge')]).toEqual([201, `gif:${id}`]);
  });

  it('deletes removed GIFs’ files after the retention period, in batches, once', async () => {
    const db = server.store.db;
    const source = free.shift()!;
    const copy = async (label: string, withFiles = true): Promise<string> => {
      const id = `retain${label}${Math.random().toString(36).slice(2, 8)}`;
      await sql`INSERT INTO gifs (id, type, slug, title, rating, images, user_id) SELECT ${id}, type, ${id}, title, rating, images, ${owner.userId}::int FROM gifs WHERE id = ${source.id}`.execute(
        db,
      );
      if (withFiles) fs.cpSync(path.join(TEST_MEDIA_DIR, source.id), path.join(TEST_MEDIA_DIR, id), { recursive: true });
      made.push(id);
      return id;
    };
    const [deleted, takenDown, gone, recent] = [
      await copy('deleted'),
      await copy('takendown'),
      await copy('gone', false),
      await copy('recent'),
    ];
    expect((await server.call('DELETE', `/api/v1/gifs/${deleted}/`, { as: owner })).status).toBe(200);
    expect(
      (
        await server.call('POST', '/api/v3/content-takedown/takedown', {
          as: staff,
          json: { items: [{ reason: 'copyright', gif_id: takenDown }], send_email: false },
        })
      ).status,
    ).toBe(201);
    await db.updateTable('gifs').set({ removal: 'owner' }).where('id', 'in', [gone, recent]).execute();
    const due = [deleted, takenDown, gone];
    await sql`UPDATE gifs SET removed_at = now() - interval '31 days' WHERE id = ANY(${due}::text[])`.execute(db);

    expect(await deleteExpiredMedia(db, TEST_MEDIA_DIR, { retentionDays: 30, batchSize: 2 })).toBe(3);
    for (const id of due) expect(fs.existsSync(path.join(TEST_MEDIA_DIR, id)), id).toBe(false);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, recent))).toBe(true);
    const rows = await db
      .selectFrom('gifs')
      .select(['id', 'media_deleted_at'])
      .where('id', 'in', [...due, recent])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.media_deleted_at !== null]))).toEqual({
      [deleted]: true,
      [takenDown]: true,
      [gone]: true,
      [recent]: false,
    });
    const logged = async () =>
      (
        await db
          .selectFrom('events')
          .select('stream_id')
          .where('type', '=', 'gif.media_deleted')
          .where('stream_id', 'in', [...due, recent])
          .execute()
      )
        .map((e) => e.stream_id)
        .sort();
    expect(await logged()).toEqual([...due].sort());
    // Still refused with the policy's status after its files are gone.
    expect((await anyone(`/media/${takenDown}/${source.file}`, true)).status).toBe(451);

    expect(await deleteExpiredMedia(db, TEST_MEDIA_DIR, { retentionDays: 30 })).toBe(0);
    expect(await logged()).toEqual([...due].sort());
  });
});
