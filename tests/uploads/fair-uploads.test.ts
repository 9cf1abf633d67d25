/**
 * Fair uploads (issue 30, item 4): one creator's open uploads, URL fetches in flight and bytes per
 * day are held to their limits across simultaneous requests (429 with Retry-After, nothing
 * written), the quota reads back as it stands, and the queue serves creators in turn, not first
 * come first served.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import type { Store } from '../../apps/server/src/store/db.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { claimNextUpload, upsertUpload } from '../../apps/server/src/uploads/store.ts';
import { RESUMABLE_PATH } from '../../apps/server/src/uploads/resumable-route.ts';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { openTestStore, storeKinds } from '../support/stores.ts';

const KIB = 1024;
const QUOTA = { openPerCreator: 3, bytesPerDay: 1024 * KIB, urlFetchesPerCreator: 2 };
const TUS = { 'Tus-Resumable': '1.0.0' };
/** A 1×1 GIF: the files here are refused or only fetched, never judged by their pictures. */
const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe.each(storeKinds())('fair uploads (%s)', (kind) => {
  let server: AccountsServer;
  /** A source that holds every request open until released (a slow `source_image_url`). */
  let source: http.Server;
  let sourceUrl: string;
  const held: http.ServerResponse[] = [];
  beforeAll(async () => {
    server = await startAccountsServer(kind, { uploads: { quota: QUOTA, urlAllow: ['127.0.0.1/32'] } });
    source = http.createServer((_req, res) => void held.push(res));
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    source?.close();
    await server?.close();
  });

  const create = (as: TestUser, bytes: number) =>
    server.call('POST', RESUMABLE_PATH, {
      as,
      via: 'token',
      headers: { ...TUS, 'Upload-Length': String(bytes), 'Upload-Metadata': `filename ${Buffer.from('a.gif').toString('base64')}` },
    });
  const uploadsOf = async (who: TestUser) =>
    (
      await sql<{
        id: string;
        state: string;
        origin: string;
      }>`SELECT id, state, origin FROM uploads WHERE user_id = ${who.userId} ORDER BY created_at`.execute(server.store.db)
    ).rows;
  const quotaOf = async (who: TestUser) => (await server.call('GET', '/api/v1/uploads/quota/', { as: who })).body.data;
  function gifForm(extra: Record<string, string> = {}, bytes: Buffer = gif): FormData {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), 'a.gif');
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    return form;
  }

  it('counts simultaneous uploads one by one: beyond the open limit 429 with Retry-After, and nothing written', async () => {
    const creator = await server.makeUser('creator');
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(creator, 1000)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(refused.body.meta).toMatchObject({ status: 429, msg: expect.stringMatching(/3 uploads in progress, the most at once/) });
    }
    expect((await uploadsOf(creator)).map((u) => u.state)).toEqual(['receiving', 'receiving', 'receiving']);
    // GIPHY's Upload API too, refused before the file is read, with GIPHY's error body.
    const api = await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form: gifForm() });
    expect({ status: api.status, retry: api.headers.get('retry-after'), meta: api.body.meta.status }).toEqual({
      status: 429,
      retry: '30',
      meta: 429,
    });
    const url = await server.call('POST', '/api/v1/uploads/', { as: creator, json: { source_image_url: `${sourceUrl}/a.gif` } });
    expect(url.status).toBe(429);
    expect(await uploadsOf(creator)).toHaveLength(3);
    expect(await quotaOf(creator)).toMatchObject({
      open: { used: 3, limit: 3 },
      url_fetches: { used: 0, limit: 2 },
      bytes_today: { used: 3000, limit: QUOTA.bytesPerDay },
    });
    // Cancelling one frees its place.
    const first = new URL(answers.find((a) => a.status === 201)!.headers.get('location')!, server.baseUrl).pathname;
    expect((await server.call('DELETE', first, { as: creator, via: 'token', headers: TUS })).status).toBe(204);
    expect((await create(creator, 1000)).status).toBe(201);
    // A transfer left unfinished past the resumable expiry no longer holds a place.
    await sql`UPDATE uploads SET created_at = now() - interval '25 hours' WHERE id = ${new URL(answers.filter((a) => a.status === 201)[1]!.headers.get('location')!, server.baseUrl).pathname.split('/').pop()!}`.execute(
      server.store.db,
    );
    expect((await create(creator, 1000)).status).toBe(201);
    expect((await create(creator, 1000)).status).toBe(429);
    // Another creator is not held by this one's limit.
    expect((await create(await server.makeUser('creator'), 1000)).status).toBe(201);
  });

  it('holds URL fetches in flight to their limit, on both upload calls, and frees them when the files arrive', async () => {
    const creator = await server.makeUser('creator');
    const fetchUrl = (n: number) =>
      server.call('POST', '/api/v1/uploads/', { as: creator, json: { source_image_url: `${sourceUrl}/slow-${n}.gif` } });
    expect((await fetchUrl(1)).status).toBe(202);
    expect((await fetchUrl(2)).status).toBe(202);
    const third = await fetchUrl(3);
    expect({ status: third.status, retry: third.headers.get('retry-after') }).toEqual({ status: 429, retry: '20' });
    expect(third.body.meta.msg).toMatch(/2 of your URLs are being fetched/);
    const form = new FormData();
    form.set('source_image_url', `${sourceUrl}/slow-4.gif`);
    const api = await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form });
    expect({ status: api.status, retry: api.headers.get('retry-after') }).toEqual({ status: 429, retry: '20' });
    expect((await uploadsOf(creator)).map((u) => [u.origin, u.state])).toEqual([
      ['url', 'receiving'],
      ['url', 'receiving'],
    ]);
    expect((await quotaOf(creator)).url_fetches).toEqual({ used: 2, limit: 2 });
    // The source answers: the files arrive and are queued, and the creator may fetch again.
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'image/gif' }).end(gif);
    for (let i = 0; i < 500 && (await quotaOf(creator)).url_fetches.used > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await quotaOf(creator)).url_fetches.used).toBe(0);
  });

  it('holds bytes per UTC day, declared lengths counted when a transfer starts; Retry-After is the next day', async () => {
    const creator = await server.makeUser('creator');
    const big = await create(creator, 700 * KIB);
    expect(big.status).toBe(201);
    const over = await create(creator, 400 * KIB);
    expect(over.status).toBe(429);
    expect(over.body.meta.msg).toMatch(/uploaded 700\.0 KB of your 1\.0 MB today/);
    const now = new Date();
    const toMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expect(Math.abs(Number(over.headers.get('retry-after')) - toMidnight)).toBeLessThan(60);
    expect((await create(creator, 300 * KIB)).status).toBe(201);
    // The API counts the declared request length before it reads the file.
    const api = await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form: gifForm({}, Buffer.alloc(100 * KIB)) });
    expect(api.status).toBe(429);
    expect(await uploadsOf(creator)).toHaveLength(2);
    expect((await quotaOf(creator)).bytes_today).toMatchObject({ used: 1000 * KIB, limit: 1024 * KIB });
    // A cancelled transfer's bytes are not counted.
    const at = new URL(big.headers.get('location')!, server.baseUrl).pathname;
    expect((await server.call('DELETE', at, { as: creator, via: 'token', headers: TUS })).status).toBe(204);
    expect((await create(creator, 400 * KIB)).status).toBe(201);
  });
});

describe.each(storeKinds())('the upload queue takes creators in turn (%s)', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('serves a creator with one upload before most of a heavy creator’s, and never one upload twice', async () => {
    const db = creatorsDb(store.db);
    const creators = new Map<string, number>();
    for (const name of ['a', 'b', 'c']) {
      const username = testUsername(name);
      creators.set(
        name,
        await createAccount(
          accountsDb(store.db),
          { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
          { userId: null, via: 'cli', address: 'test' },
        ),
      );
    }
    // A queues six, then B one, then C two, in that order.
    const queued = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1', 'c1', 'c2'];
    const start = Date.now() - 60_000;
    for (const [i, label] of queued.entries()) {
      const id = `${label}${randomBytes(8).toString('hex')}`;
      await upsertUpload(db, {
        id,
        userId: creators.get(label[0]!)!,
        gifId: `g${id}`,
        origin: 'api',
        state: 'queued',
        filename: `${label}.gif`,
        fields: {},
        address: '127.0.0.1',
        via: 'token',
      });
      await db
        .updateTable('uploads')
        .set({ created_at: new Date(start + i * 1000) })
        .where('id', '=', id)
        .execute();
    }
    const order: string[] = [];
    for (;;) {
      // Two processes ask at once: each gets a different upload.
      const [one, two] = await Promise.all([claimNextUpload(db, 'process-1'), claimNextUpload(db, 'process-2')]);
      // Either may reach the store first, so a round's pair is written down in queue order (labels sort so).
      const round = [one, two]
        .filter((claimed): claimed is NonNullable<typeof claimed> => claimed !== undefined)
        .sort((x, y) => x.filename.localeCompare(y.filename));
      for (const claimed of round) {
        order.push(claimed.filename.replace('.gif', ''));
        await db.updateTable('uploads').set({ state: 'done', finished_at: new Date() }).where('id', '=', claimed.id).execute();
      }
      if (!one && !two) break;
    }
    expect(order).toHaveLength(queued.length);
    expect(new Set(order).size).toBe(queued.length);
    // Taken two at a time: a1 and b1 first (each creator's first), then c1 and a2, then c2 and a3, then the rest of A's.
    expect(order.indexOf('b1')).toBeLessThanOrEqual(1);
    expect(order.indexOf('c1')).toBeLessThanOrEqual(3);
    expect(order.indexOf('c2')).toBeLessThanOrEqual(5);
    expect(order.filter((label) => label.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('takes only an upload the asking process received, when it names them (its own data directory)', async () => {
    const db = creatorsDb(store.db);
    const username = testUsername('r');
    const userId = await createAccount(
      accountsDb(store.db),
      { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
      { userId: null, via: 'cli', address: 'test' },
    );
    const [first, second] = [`r1${randomBytes(8).toString('hex')}`, `r2${randomBytes(8).toString('hex')}`];
    for (const [i, id] of [first, second].entries()) {
      await upsertUpload(db, {
        id,
        userId,
        gifId: `g${id}`,
        origin: 'api',
        state: 'queued',
        filename: `${id}.gif`,
        fields: {},
        address: '127.0.0.1',
        via: 'token',
      });
      await db
        .updateTable('uploads')
        .set({ created_at: new Date(Date.now() - 60_000 + i * 1000) })
        .where('id', '=', id)
        .execute();
    }
    // The first in the queue was received by another process: this one has only the second's file.
    expect(await claimNextUpload(db, 'process-2', [])).toBeUndefined();
    expect((await claimNextUpload(db, 'process-2', [second, 'not-an-upload']))?.id).toBe(second);
    expect(await claimNextUpload(db, 'process-2', [second])).toBeUndefined();
    expect((await claimNextUpload(db, 'process-1', [first]))?.id).toBe(first);
  });
});
