/**
 * `npm run media:migrate` against a real S3-compatible server (Ceph's RADOS Gateway): a media folder
 * of GIFs stored before their keys were recorded, an avatar, hidden work folders and stray files is
 * copied into a bucket, every file byte-identical and counted, the GIFs' keys recorded; a run cut
 * short by --limit then resumed sends only the rest; a second run copies nothing; a bucket down
 * fails every file (exit 1, keys listed) and the next run sends only what is missing; a server on
 * the bucket and the same database then serves the migrated GIFs' renditions through /media.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGifFiles } from '../../apps/server/src/media-store/gif-objects.ts';
import { contentTypeOf } from '../../apps/server/src/media-store/keys.ts';
import { createLocalDiskStore } from '../../apps/server/src/media-store/local-disk.ts';
import { migrateMedia, walkMediaFolder, type MigrationCount } from '../../apps/server/src/media-store/migrate.ts';
import { createS3Store } from '../../apps/server/src/media-store/s3.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { storeKinds } from '../support/stores.ts';

let s3: S3Server;
const started = startS3Server().then((s) => (s3 = s));
afterAll(() => s3?.stop());

const bucketStore = (bucket: string) =>
  createS3Store({
    endpoint: s3.endpoint,
    bucket,
    region: s3.region,
    forcePathStyle: true,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
const accounted = (c: MigrationCount) => c.copied + c.alreadyThere + c.failed.length + c.vanished + c.notTried;

/** A media folder as an older server left it: a few GIF folders and an avatar, with work leftovers and stray files beside them. */
function copyMediaFolder(into: string, gifIds: string[], avatarDir: string): void {
  for (const id of gifIds) fs.cpSync(path.join(TEST_MEDIA_DIR, id), path.join(into, id), { recursive: true });
  fs.cpSync(path.join(TEST_MEDIA_DIR, avatarDir), path.join(into, avatarDir), { recursive: true });
  fs.mkdirSync(path.join(into, '.staging-abc'));
  fs.writeFileSync(path.join(into, '.staging-abc', '200.gif'), 'half made');
  fs.writeFileSync(path.join(into, gifIds[0]!, '.tmp-0123'), 'half written');
  fs.writeFileSync(path.join(into, 'notes.txt'), 'not media');
  fs.writeFileSync(path.join(into, gifIds[0]!, 'bad name.gif'), 'not a key');
}

describe.each(storeKinds())('migrating a media folder into a bucket (%s)', (kind) => {
  let server: TestServer;
  let store: ReturnType<typeof bucketStore>;
  let mediaDir: string;
  let gifIds: string[];
  let avatarDir: string;
  const keysOf = async (gifId: string) =>
    (await server.store.db.selectFrom('gif_media_objects').select('key').where('gif_id', '=', gifId).orderBy('key').execute()).map(
      (r) => r.key,
    );
  const filesOf = (gifId: string) =>
    fs
      .readdirSync(path.join(mediaDir, gifId))
      .filter((f) => !f.startsWith('.') && f !== 'bad name.gif')
      .map((f) => `${gifId}/${f}`)
      .sort();
  const run = (options: { limit?: number } = {}) => migrateMedia({ mediaDir, store, db: server.store.db, ...options });

  beforeAll(async () => {
    await started;
    store = bucketStore(await s3.newBucket());
    // The server reads the bucket; its database holds the sample corpus, whose files are on local disk only.
    server = await startTestServer(kind, { mediaStore: store });
    const rows = await server.store.db.selectFrom('gifs').select('id').where('type', '=', 'gif').orderBy('id').execute();
    gifIds = rows
      .map((r) => r.id)
      .filter((id) => fs.existsSync(path.join(TEST_MEDIA_DIR, id, 'images.json')))
      .slice(0, 3);
    const avatar = (await server.store.db.selectFrom('users').select('avatar').where('avatar', 'is not', null).executeTakeFirstOrThrow())
      .avatar!;
    avatarDir = path.posix.dirname(avatar);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-migrate-'));
    copyMediaFolder(mediaDir, gifIds, avatarDir);
    // As if stored before migration 025: no keys recorded.
    await server.store.db.deleteFrom('gif_media_objects').where('gif_id', 'in', gifIds).execute();
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    store?.client.destroy();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('finds every media file, none of the work leftovers or stray files, and the bucket serves none of them yet', async () => {
    expect(gifIds.length).toBe(3);
    const { files, ignored } = await walkMediaFolder(mediaDir);
    expect(ignored.sort()).toEqual([`${gifIds[0]}/bad name.gif`, 'notes.txt']);
    const avatarFiles = (fs.readdirSync(path.join(mediaDir, avatarDir), { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(mediaDir, avatarDir, f)).isFile(),
    );
    expect(avatarFiles.length).toBeGreaterThan(1);
    expect(files.map((f) => f.key)).toEqual(
      [...gifIds.flatMap(filesOf), ...avatarFiles.map((f) => `${avatarDir}/${f.split(path.sep).join('/')}`)].sort(),
    );
    const res = await fetch(`${server.baseUrl}/media/${filesOf(gifIds[0]!)[0]}`);
    expect(res.status).toBe(404);
  });

  it("copies part of the folder under --limit, records every GIF folder's keys, then resumes with only the rest", async () => {
    const first = await run({ limit: 4 });
    expect(first.failed).toEqual([]);
    expect(first.copied).toBe(4);
    expect(first.alreadyThere).toBe(0);
    expect(first.notTried).toBe(first.found - 4);
    expect(first.gifsRecorded).toBe(gifIds.length);
    for (const id of gifIds) expect(await keysOf(id)).toEqual(filesOf(id));

    const rest = await run();
    expect(rest.found).toBe(first.found);
    expect(rest.alreadyThere).toBe(4);
    expect(rest.copied).toBe(first.found - 4);
    expect(rest.failed).toEqual([]);
    expect(rest.bytesCopied + first.bytesCopied).toBe(rest.bytesFound);
    expect(accounted(rest)).toBe(rest.found);
    for (const id of gifIds) expect(await keysOf(id)).toEqual(filesOf(id));

    const { files } = await walkMediaFolder(mediaDir);
    for (const file of files) {
      const head = await store.head(file.key);
      expect(head?.size, file.key).toBe(file.size);
      expect(head?.contentType, file.key).toBe(contentTypeOf(file.key));
    }
    // Spot check by GET: every file of one GIF and the avatar's, byte for byte.
    for (const file of files.filter((f) => f.key.startsWith(`${gifIds[1]}/`) || f.key.startsWith(`${avatarDir}/`))) {
      const object = await store.read(file.key);
      const bytes = Buffer.concat(await object!.body.toArray());
      expect(bytes.equals(fs.readFileSync(file.file)), file.key).toBe(true);
    }
    expect(await store.head(`${gifIds[0]}/.tmp-0123`)).toBeNull();
  }, 120_000);

  it('copies nothing on a second run and records no key twice', async () => {
    const before = await server.store.db
      .selectFrom('gif_media_objects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await run();
    expect({ copied: again.copied, bytesCopied: again.bytesCopied, failed: again.failed, alreadyThere: again.alreadyThere }).toEqual({
      copied: 0,
      bytesCopied: 0,
      failed: [],
      alreadyThere: again.found,
    });
    const after = await server.store.db
      .selectFrom('gif_media_objects')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  }, 120_000);

  it("a server on the bucket and the same database serves the migrated GIFs' renditions through /media", async () => {
    for (const id of gifIds) {
      const row = await server.store.db.selectFrom('gifs').select('images').where('id', '=', id).executeTakeFirstOrThrow();
      const served = Object.values(row.images)
        .flatMap((r) => [r.gif, r.webp, r.mp4, r.still])
        .filter((f) => f !== undefined && f !== null);
      expect(served.length).toBeGreaterThan(2);
      for (const format of served) {
        const res = await fetch(`${server.baseUrl}/media/${id}/${format.file}`);
        expect(res.status, `${id}/${format.file}`).toBe(200);
        expect(
          Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(mediaDir, id, format.file))),
          `${id}/${format.file}`,
        ).toBe(true);
      }
    }
  }, 120_000);

  it("the final pass, run once the old process is stopped, copies a GIF it committed after the previous pass, which the bucket's server then serves", async () => {
    // The old process (MEDIA_STORE=local) commits an upload as commitUpload does: keys recorded, files moved into its media folder.
    const late = (
      await server.store.db.selectFrom('gifs').select('id').where('type', '=', 'gif').where('id', 'not in', gifIds).orderBy('id').execute()
    )
      .map((r) => r.id)
      .find((id) => fs.existsSync(path.join(TEST_MEDIA_DIR, id, 'images.json')))!;
    const work = fs.mkdtempSync(path.join(mediaDir, '.tmp-upload-'));
    fs.cpSync(path.join(TEST_MEDIA_DIR, late), work, { recursive: true });
    await server.store.db.deleteFrom('gif_media_objects').where('gif_id', '=', late).execute();
    const stored = await storeGifFiles(server.store.db, createLocalDiskStore(mediaDir), late, work);
    fs.rmSync(work, { recursive: true, force: true });
    const key = stored.find((k) => k.endsWith('.gif'))!;
    expect((await fetch(`${server.baseUrl}/media/${key}`)).status).toBe(404);

    const final = await run();
    expect(final.copied).toBe(stored.length);
    expect(final.alreadyThere).toBe(final.found - stored.length);
    expect(final.failed).toEqual([]);
    const res = await fetch(`${server.baseUrl}/media/${key}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(mediaDir, key)))).toBe(true);
  }, 120_000);
});

describe('npm run media:migrate, the command', () => {
  const cli = path.resolve('apps/server/src/cli/migrate-media.ts');
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  afterAll(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }));

  const migrate = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', cli], { env, timeout: 120_000 }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
    );
  const figure = (stdout: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(stdout)?.[1]);

  it('copies with a progress line and a final count, copies nothing again, and fails with the keys and exit 1 while the bucket is down', async () => {
    await started;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-migrate-cli-'));
    const id = fs.readdirSync(TEST_MEDIA_DIR).find((name) => fs.existsSync(path.join(TEST_MEDIA_DIR, name, 'images.json')))!;
    fs.cpSync(path.join(TEST_MEDIA_DIR, id), path.join(dataDir, 'media', id), { recursive: true });
    const files = fs.readdirSync(path.join(dataDir, 'media', id)).filter((f) => !f.startsWith('.'));
    // The embedded store in DATA_DIR; MEDIA_STORE still local: copying comes before switching.
    env = { ...process.env, ...s3.env, S3_BUCKET: await s3.newBucket(), MEDIA_STORE: 'local', DATA_DIR: dataDir, DATABASE_URL: '' };

    const first = await migrate();
    expect(first.code, first.stdout).toBe(0);
    expect(first.stdout).toContain(`${files.length}/${files.length} files`);
    expect([
      figure(first.stdout, 'found'),
      figure(first.stdout, 'copied'),
      figure(first.stdout, 'already there'),
      figure(first.stdout, 'failed'),
    ]).toEqual([files.length, files.length, 0, 0]);

    const second = await migrate();
    expect(second.code, second.stdout).toBe(0);
    expect([figure(second.stdout, 'copied'), figure(second.stdout, 'already there'), figure(second.stdout, 'failed')]).toEqual([
      0,
      files.length,
      0,
    ]);

    fs.writeFileSync(path.join(dataDir, 'media', id, 'late.webp'), 'uploaded meanwhile');
    await s3.stopGateway();
    let down: { code: number; stdout: string };
    try {
      down = await migrate();
    } finally {
      await s3.startGateway();
    }
    expect(down.code, down.stdout).toBe(1);
    expect(figure(down.stdout, 'failed')).toBe(files.length + 1);
    expect(down.stdout).toContain(`failed: ${id}/late.webp`);

    const after = await migrate();
    expect(after.code, after.stdout).toBe(0);
    expect([figure(after.stdout, 'copied'), figure(after.stdout, 'already there')]).toEqual([1, files.length]);
  }, 300_000);
});
