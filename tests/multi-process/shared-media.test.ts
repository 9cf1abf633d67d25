/**
 * Media across processes (issue 35): two server processes (`npm start`'s wiring, EDGE=off as behind
 * one edge) on two data directories, one PostgreSQL and one bucket (MEDIA_STORE=s3, Ceph's RADOS
 * Gateway). A GIF uploaded through either is served by the other, byte for byte and by range; one
 * removed through the first is refused by the second at once. With the local store instead, the
 * other process has none of the files: why the processes need the bucket.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { openStore, type Store } from '../../apps/server/src/store/db.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { testUsername } from '../support/accounts.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { startProcessGroup, type GroupMember } from '../support/process-group.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { scratchDatabase, storeKinds } from '../support/stores.ts';

const MAIN = path.resolve('tests/support/sample-server-main.ts');
const UPLOAD_WAIT_MS = 180_000;

type Group = Awaited<ReturnType<typeof startProcessGroup>>;

describe.skipIf(!storeKinds().includes('postgres'))('two server processes on one PostgreSQL and one bucket', { timeout: 300_000 }, () => {
  let s3: S3Server;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  let group: Group;
  let store: Store;
  let token: string;
  let moderatorToken: string;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    scratch = await scratchDatabase();
    group = await startProcessGroup(MAIN, 2, scratch.url, { ...s3.env, EDGE: 'off' });
    store = await openStore({ databaseUrl: scratch.url, poolSize: 2 });
    token = await tokenOf('creator');
    moderatorToken = await tokenOf('moderator');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-shared-media-'));
  }, 300_000);
  afterAll(async () => {
    await group?.close();
    await store?.close();
    await scratch?.drop();
    await s3?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tokenOf = (role: 'creator' | 'moderator') =>
    accountsDb(store.db)
      .transaction()
      .execute(async (trx) => {
        const username = testUsername(role);
        const id = await createAccount(
          trx,
          { username, email: `${username}@example.test`, passwordHash: null, role, emailVerified: true },
          { userId: null, via: 'cli', address: 'test' },
        );
        return (await createAccessToken(trx, id, { label: 'shared media', scope: role })).token;
      });
  const members = (g: Group) => g.members as [GroupMember, GroupMember];

  /** A real upload through `via`'s Upload API; resolves with the GIF's id once its upload is done. */
  async function upload(via: GroupMember, webKey: string, name: string): Promise<string> {
    const form = new FormData();
    form.set('file', new Blob([fs.readFileSync(await makeGif(path.join(dir, `${name}.gif`)))]), `${name}.gif`);
    const res = await fetch(`${via.baseUrl}/v1/gifs?api_key=${webKey}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const gifId = ((await res.json()) as { data: { id: string } }).data.id;
    for (let waited = 0; waited < UPLOAD_WAIT_MS; waited += 250) {
      const row = await creatorsDb(store.db)
        .selectFrom('uploads')
        .select(['state', 'error_code', 'error'])
        .where('gif_id', '=', gifId)
        .executeTakeFirstOrThrow();
      if (row.state === 'done') return gifId;
      if (row.state === 'failed') throw new Error(`upload ${name} failed: ${row.error_code} ${row.error}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`upload ${name} was not processed within ${UPLOAD_WAIT_MS} ms`);
  }

  /** Every file a GIF's renditions name, as /media/ paths. */
  async function filesOf(gifId: string): Promise<string[]> {
    const row = await store.db.selectFrom('gifs').select('images').where('id', '=', gifId).executeTakeFirstOrThrow();
    const files = new Set<string>();
    for (const rendition of Object.values(row.images))
      for (const format of [rendition.gif, rendition.webp, rendition.mp4, rendition.still])
        if (format) files.add(`/media/${gifId}/${format.file}`);
    return [...files];
  }

  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  const inBucket = async (file: string) => {
    const client = s3.client({ maxAttempts: 1 });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: file.slice('/media/'.length) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } finally {
      client.destroy();
    }
  };

  /** Every file of the GIF is the bucket's object, served alike by both processes; none is in the tests' shared folder. */
  async function expectServedByBoth(gifId: string, [a, b]: [GroupMember, GroupMember]) {
    const files = await filesOf(gifId);
    expect(files.length).toBeGreaterThan(3);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, gifId))).toBe(false);
    for (const file of files) {
      const [fromA, fromB] = await Promise.all([fetch(`${a.baseUrl}${file}`), fetch(`${b.baseUrl}${file}`)]);
      expect([fromA.status, fromB.status], file).toEqual([200, 200]);
      const [bytesA, bytesB, stored] = await Promise.all([bytes(fromA), bytes(fromB), inBucket(file)]);
      expect(stored.length, file).toBeGreaterThan(0);
      expect(bytesA.equals(stored), file).toBe(true);
      expect(bytesB.equals(stored), file).toBe(true);
    }
    const gif = files.find((f) => f.endsWith('.gif'))!;
    const whole = await bytes(await fetch(`${b.baseUrl}${gif}`));
    const part = await fetch(`${b.baseUrl}${gif}`, { headers: { Range: 'bytes=6-15' } });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 6-15/${whole.length}`]);
    expect((await bytes(part)).equals(whole.subarray(6, 16))).toBe(true);
  }

  it('serves a GIF uploaded through one process from the other, byte for byte and by range, both ways', async () => {
    const [a, b] = members(group);
    await expectServedByBoth(await upload(a, group.webKey, 'through-a'), [a, b]);
    await expectServedByBoth(await upload(b, group.webKey, 'through-b'), [b, a]);
  });

  it('refuses a GIF hidden or deleted through one process at the other’s /media at once (410, 404)', async () => {
    const [a, b] = members(group);
    const [hidden, deleted] = [await upload(a, group.webKey, 'hidden'), await upload(a, group.webKey, 'deleted')];
    const [[hiddenFile], [deletedFile]] = [await filesOf(hidden), await filesOf(deleted)];
    expect([(await fetch(`${b.baseUrl}${hiddenFile}`)).status, (await fetch(`${b.baseUrl}${deletedFile}`)).status]).toEqual([200, 200]);
    const hide = await fetch(`${a.baseUrl}/api/v1/gifs/${hidden}/moderation`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${moderatorToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'hide', reason: 'shared media test' }),
    });
    expect(hide.status, await hide.text()).toBe(200);
    const removed = await fetch(`${a.baseUrl}/api/v1/gifs/${deleted}/`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.status, await removed.text()).toBe(200);
    // Hidden: gone (410); deleted by its owner: as an id that never existed (404).
    expect([(await fetch(`${b.baseUrl}${hiddenFile}`)).status, (await fetch(`${b.baseUrl}${deletedFile}`)).status]).toEqual([410, 404]);
  });

  it('processes uploads queued behind one another in the process that received them, never in the other', async () => {
    const [a] = members(group);
    // One processing slot per process (UPLOAD_CONCURRENCY 1): the second waits queued while the first is processed.
    const ids = await Promise.all([upload(a, group.webKey, 'queued-1'), upload(a, group.webKey, 'queued-2')]);
    for (const id of ids) expect((await filesOf(id)).length).toBeGreaterThan(3);
  });

  it('with the local store instead, the other process has none of the files (404)', async () => {
    await group.close();
    group = await startProcessGroup(MAIN, 2, scratch.url, { MEDIA_STORE: 'local', EDGE: 'off' });
    const [a, b] = members(group);
    const [file] = await filesOf(await upload(a, group.webKey, 'local'));
    expect((await fetch(`${a.baseUrl}${file}`)).status).toBe(200);
    expect((await fetch(`${b.baseUrl}${file}`)).status).toBe(404);
  });
});
