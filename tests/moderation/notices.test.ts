/**
 * Notices to creators (issue 31) through the real wiring on both stores: an upload held for review,
 * a moderator's hide, rating, removal and approval, and a staff takedown each leave the GIF's owner a
 * notice with the reason (in the decision's own transaction) and, but for a takedown that mails its
 * owners itself, a mail delivered to a real SMTP server. Replaying the log adds no second notice;
 * nobody else reads or marks them; My GIFs shows each GIF's real state.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayNotices } from '../../apps/server/src/notices/record.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';

interface ListedNotice {
  id: string;
  kind: string;
  reason: string;
  rating: string | null;
  read: boolean;
  gif: { id: string; title: string; state: string | null };
}

describe.each(storeKinds())('notices to creators (%s)', (kind) => {
  let server: AccountsServer;
  let dir: string;
  let creator: TestUser;
  let moderator: TestUser;
  let staff: TestUser;
  let other: TestUser;
  const gifs: Record<string, string> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-notices-'));
    // A threshold of 0 holds every upload for review (the real classifier scores it).
    server = await startAccountsServer(kind, { smtp: true, env: { NSFW_THRESHOLD: '0' } });
    creator = await server.makeUser('creator');
    moderator = await server.makeUser('moderator');
    staff = await server.makeUser('staff');
    other = await server.makeUser('creator');
    const rows = await server.store.db
      .selectFrom('gifs')
      .select('id')
      .where('is_removed', '=', false)
      .where('is_hidden', '=', false)
      .where('type', '=', 'gif')
      .where('rating', '=', 'g')
      .orderBy('id')
      .limit(5)
      .execute();
    for (const [i, name] of ['hidden', 'rated', 'removed', 'approved', 'takendown'].entries()) {
      gifs[name] = rows[i]!.id;
      await server.store.db
        .updateTable('gifs')
        .set({ title: `Notice ${name}`, user_id: creator.userId })
        .where('id', '=', rows[i]!.id)
        .execute();
    }
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const decide = (id: string, json: unknown) => server.call('POST', `/api/v1/gifs/${id}/moderation`, { as: moderator, json });
  const noticesOf = async (as: TestUser, query = '') => {
    const res = await server.call('GET', `/api/v1/notifications/${query}`, { as });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: ListedNotice[]; unread: number; pagination: { total_count: number } };
  };
  const noticeFor = async (gifId: string, kind: string) =>
    (await noticesOf(creator, '?limit=100')).data.find((n) => n.gif.id === gifId && n.kind === kind);
  const mailTo = (user: TestUser, subject: string) => server.smtp!.waitFor((m) => m.to === user.email && m.subject === subject);
  const myGifState = async (id: string) =>
    ((await server.call('GET', '/api/v1/my-gifs/', { as: creator })).body.data as { id: string; state: string }[]).find((g) => g.id === id)
      ?.state;

  it('tells the owner a moderator hid their GIF, with the reason, in a notice and a mail; My GIFs says hidden', async () => {
    const id = gifs.hidden!;
    expect((await decide(id, { action: 'hide', reason: 'Spam links in the caption' })).status).toBe(200);
    const listed = await noticesOf(creator);
    expect(listed.unread).toBe(1);
    expect(listed.data[0]).toMatchObject({
      kind: 'hidden',
      reason: 'Spam links in the caption',
      read: false,
      gif: { id, title: 'Notice hidden', state: 'hidden' },
    });
    const mail = await mailTo(creator, 'The moderators hid your GIF');
    expect(mail.text).toContain('"Spam links in the caption"');
    expect(mail.text).toContain(`${server.baseUrl}/gifs/${id}`);
    expect(mail.text).toContain(`${server.baseUrl}/dashboard/notices`);
    expect(await myGifState(id)).toBe('hidden');
    // My GIFs filters by that state: the hidden GIF is not among the public ones, whatever its owner chose.
    const byState = async (state: string) =>
      ((await server.call('GET', `/api/v1/my-gifs/?state=${state}`, { as: creator })).body.data as { id: string }[]).map((g) => g.id);
    expect(await byState('public')).not.toContain(id);
    expect(await byState('hidden')).toEqual([id]);
    expect((await server.call('GET', '/api/v1/my-gifs/?state=gone', { as: creator })).body.meta.msg).toMatch(
      /^state must be one of public, /,
    );
  });

  it('tells of a new rating, a removal and an approval, each with its reason and mail', async () => {
    await decide(gifs.rated!, { action: 'rate', reason: 'Too mature for G', rating: 'r' });
    await decide(gifs.removed!, { action: 'remove', reason: 'Illegal content' });
    await decide(gifs.approved!, { action: 'approve', reason: 'Checked: fine' });
    expect(await noticeFor(gifs.rated!, 'rated')).toMatchObject({ reason: 'Too mature for G', rating: 'r' });
    expect(await noticeFor(gifs.removed!, 'removed')).toMatchObject({ reason: 'Illegal content', gif: { state: 'removed' } });
    expect(await noticeFor(gifs.approved!, 'approved')).toMatchObject({ reason: 'Checked: fine' });
    expect((await mailTo(creator, "The moderators changed your GIF's rating")).text).toContain('New rating: R');
    expect((await mailTo(creator, 'The moderators removed your GIF')).text).toContain('"Illegal content"');
    expect((await mailTo(creator, 'Your GIF was approved')).text).toContain('"Checked: fine"');
    expect(await myGifState(gifs.removed!)).toBe('removed');
  });

  it("tells of a takedown with its reason, and mails only the takedown's own mail", async () => {
    const id = gifs.takendown!;
    const filed = await server.call('POST', '/api/v3/content-takedown/takedown', {
      as: staff,
      json: { items: [{ reason: 'court_order', gif_id: id }], send_email: true },
    });
    expect(filed.status, filed.text).toBe(201);
    expect(await noticeFor(id, 'taken_down')).toMatchObject({ reason: 'court order', gif: { state: 'taken_down' } });
    await mailTo(creator, 'One of your GIFs was taken down');
    const outbox = await sql<{ subject: string }>`SELECT subject FROM mail_outbox WHERE to_address = ${creator.email}`.execute(
      server.store.db,
    );
    expect(outbox.rows.map((r) => r.subject)).not.toContain('Staff took your GIF down');
  });

  it('tells the uploader their upload is held for review, and then that it was approved', async () => {
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(await makeGif(path.join(dir, 'held.gif')))]), 'held.gif');
    form.set('tags', 'noticeheldpattern');
    const res = await server.call('POST', '/v1/gifs', { as: other, via: 'token', form });
    expect(res.status, res.text).toBe(200);
    const id = res.body.data.id as string;
    // The API answers within its wait even while a busy machine is still processing: the notice comes with the commit.
    let held: ListedNotice | undefined;
    for (let i = 0; i < 600 && !held; i++) {
      held = (await noticesOf(other)).data.find((n) => n.gif.id === id);
      if (!held) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(held).toMatchObject({ kind: 'held', read: false });
    expect(held!.reason).not.toBe('');
    await mailTo(other, 'Your GIF is waiting for review');
    await server.call('POST', `/api/v1/gifs/${id}/moderation`, { as: moderator, json: { action: 'approve', reason: 'Looks fine' } });
    expect((await noticesOf(other)).data[0]).toMatchObject({ kind: 'approved', gif: { id } });
  });

  it('adds no notice twice when the log is replayed, and rebuilds lost ones without mailing again', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM notifications`.execute(server.store.db)).rows[0]!.n);
    const mails = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM mail_outbox`.execute(server.store.db)).rows[0]!.n);
    const before = await count();
    const mailed = await mails();
    expect(before).toBeGreaterThanOrEqual(7);
    expect(await replayNotices(server.store.db)).toBe(0);
    expect(await count()).toBe(before);
    await sql`DELETE FROM notifications WHERE user_id = ${creator.userId} AND kind = 'hidden'`.execute(server.store.db);
    expect(await replayNotices(server.store.db, 2)).toBe(1);
    expect(await count()).toBe(before);
    expect(await mails()).toBe(mailed);
  });

  it("lets nobody else read or mark a person's notices, and marks one or all read", async () => {
    expect((await noticesOf(staff)).data.every((n) => !Object.values(gifs).includes(n.gif.id))).toBe(true);
    expect((await server.call('GET', '/api/v1/notifications/')).status).toBe(401);
    const mine = await noticesOf(creator, '?limit=100');
    const first = mine.data[0]!;
    expect((await server.call('POST', `/api/v1/notifications/${first.id}/read/`, { as: other })).status).toBe(403);
    expect((await server.call('POST', `/api/v1/notifications/${first.id}/read/`, { as: creator, csrf: false })).status).toBe(403);
    expect((await server.call('POST', '/api/v1/notifications/x/read/', { as: creator })).body.meta.msg).toMatch(
      /id must be a notice number/,
    );
    expect((await server.call('POST', '/api/v1/notifications/999999999/read/', { as: creator })).status).toBe(404);
    expect((await noticesOf(creator)).unread).toBe(mine.unread);
    const one = await server.call('POST', `/api/v1/notifications/${first.id}/read/`, { as: creator });
    expect([one.status, one.body.unread]).toEqual([200, mine.unread - 1]);
    expect((await noticesOf(creator, '?limit=100')).data.find((n) => n.id === first.id)!.read).toBe(true);
    const all = await server.call('POST', '/api/v1/notifications/read/', { as: creator });
    expect([all.status, all.body.data.marked, (await noticesOf(creator)).unread]).toEqual([200, mine.unread - 1, 0]);
    expect((await noticesOf(creator, '?limit=2')).data).toHaveLength(2);
    expect((await server.call('GET', '/api/v1/notifications/?limit=101', { as: creator })).status).toBe(400);
  });
});
