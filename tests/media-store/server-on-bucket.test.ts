/**
 * `npm start`'s wiring with MEDIA_STORE=s3 against a real S3-compatible server (Ceph's RADOS
 * Gateway, tests/support/s3-server.ts): an upload's files go to the bucket with their keys recorded,
 * /media/ serves them from it (whole and by range) as the content policy says, removal plus retention
 * deletes them by their keys, nothing of them is kept on local disk, and with the bucket unreachable
 * an upload is refused with 503 and Retry-After, leaving nothing behind.
 */
import { HeadObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredMedia } from '../../apps/server/src/media/retention.ts';
import { createS3Store } from '../../apps/server/src/media-store/s3.ts';
import { recoverUploads } from '../../apps/server/src/uploads/recover.ts';
import { creatorsDb } from '../../apps/server/src/uploads/schema.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { makeGif } from '../support/media-fixtures.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { storeKinds } from '../support/stores.ts';
import { uploadGif } from '../support/uploads.ts';

let s3: S3Server;
const started = startS3Server().then((s) => (s3 = s));
afterAll(() => s3?.stop());

describe.each(storeKinds())('media in a bucket (%s)', (kind) => {
  let server: AccountsServer;
  let bucket: string;
  let client: S3Client;
  let creator: TestUser;
  let moderator: TestUser;
  let staff: TestUser;
  let dir: string;
  let store: ReturnType<typeof createS3Store>;

  beforeAll(async () => {
    await started;
    bucket = await s3.newBucket();
    client = s3.client({ maxAttempts: 1 });
    store = createS3Store({
      endpoint: s3.endpoint,
      bucket,
      region: s3.region,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    server = await startAccountsServer(kind, { mediaStore: store, mediaPublicUrl: `${s3.endpoint}/${bucket}`, web: true });
    [creator, moderator, staff] = [await server.makeUser('creator'), await server.makeUser('moderator'), await server.makeUser('staff')];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-bucket-'));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    client?.destroy();
    store?.client.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const form = (file: string) => {
    const f = new FormData();
    f.set('api_key', server.webKey);
    f.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    return f;
  };
  const upload = async (name: string) => uploadGif(server, creator, form(await makeGif(path.join(dir, `${name}.gif`))));
  const keysOf = async (gifId: string) =>
    (await server.store.db.selectFrom('gif_media_objects').select('key').where('gif_id', '=', gifId).orderBy('key').execute()).map(
      (r) => r.key,
    );
  const inBucket = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
      () => true,
      (err: { $metadata?: { httpStatusCode?: number } }) => (err.$metadata?.httpStatusCode === 404 ? false : Promise.reject(err)),
    );
  const bucketBytes = async (key: string) =>
    Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
  const anyone = (pathname: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${pathname}`, { headers });

  it('stores every file of an upload in the bucket, keys recorded, none on local disk, and serves them from it, whole and by range', async () => {
    const id = await upload('stored');
    const keys = await keysOf(id);
    const row = await server.store.db.selectFrom('gifs').select('images').where('id', '=', id).executeTakeFirstOrThrow();
    const files = new Set<string>();
    for (const rendition of Object.values(row.images))
      for (const format of [rendition.gif, rendition.webp, rendition.mp4, rendition.still]) if (format) files.add(`${id}/${format.file}`);
    expect(files.size).toBeGreaterThan(3);
    for (const key of files) expect(keys).toContain(key);
    for (const key of keys) expect(await inBucket(key), key).toBe(true);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, id))).toBe(false);
    expect(fs.readdirSync(TEST_MEDIA_DIR).filter((name) => name.startsWith('.staging'))).toEqual([]);

    const key = [...files].find((k) => k.endsWith('.gif'))!;
    const whole = await anyone(`/media/${key}`);
    const bytes = await bucketBytes(key);
    expect([whole.status, whole.headers.get('content-type'), whole.headers.get('cache-control')]).toEqual([
      200,
      'image/gif',
      'public, max-age=31536000, immutable',
    ]);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await anyone(`/media/${key}`, { Range: 'bytes=6-15' });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 6-15/${bytes.length}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(6, 16))).toBe(true);
    const again = await anyone(`/media/${key}`, { 'If-None-Match': whole.headers.get('etag')! });
    expect(again.status).toBe(304);
  }, 240_000);

  it('names renditions under MEDIA_PUBLIC_URL (the bucket’s own URL here) in GIPHY and Tenor answers and the GIF page’s preload, at the keys stored', async () => {
    const id = await upload('public');
    const giphy = await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`);
    const url = giphy.body.data.images.original.url as string;
    expect(url.startsWith(`${s3.endpoint}/${bucket}/${id}/`), url).toBe(true);
    expect(await inBucket(url.slice(`${s3.endpoint}/${bucket}/`.length))).toBe(true);
    // Listings come from the kept wire texts: the same base there.
    const byIds = await server.call('GET', `/v1/gifs?ids=${id}&api_key=${server.webKey}`);
    expect(byIds.body.data[0].images.fixed_width.url.startsWith(`${s3.endpoint}/${bucket}/${id}/`)).toBe(true);
    const tenor = await server.call('GET', `/tenor/v2/posts?ids=${id}&key=${server.webKey}`);
    expect(tenor.status, tenor.text.slice(0, 200)).toBe(200);
    expect((tenor.body.results[0].media_formats.gif.url as string).startsWith(`${s3.endpoint}/${bucket}/${id}/`)).toBe(true);
    // The GIF page's head: its preload names what the page's picture shows (the bucket); what an
    // unfurler fetches stays behind this server's /media, the content policy's door.
    const page = await (await anyone(`/gifs/${id}`, { 'Accept-Encoding': 'identity' })).text();
    const head = page.slice(0, page.indexOf('</head>'));
    const preloaded = [...head.matchAll(/imagesrcset="([^"]+)"/g)].flatMap((m) => m[1]!.split(', ').map((entry) => entry.split(' ')[0]!));
    expect(preloaded.length).toBeGreaterThan(0);
    for (const url of preloaded) expect(url.startsWith(`${s3.endpoint}/${bucket}/${id}/`), url).toBe(true);
    const unfurled = [...head.matchAll(/<meta property="og:(?:image|video)" content="([^"]+)"/g)].map((m) => m[1]!);
    expect(unfurled.length).toBe(2);
    for (const url of unfurled) {
      expect(url.startsWith(`${server.baseUrl}/media/${id}/`), url).toBe(true);
      expect((await fetch(url)).status, url).toBe(200);
    }
  }, 240_000);

  it('trims a GIF of its own read from the bucket (imaging media_url)', async () => {
    const id = await upload('trimmed');
    const row = await server.store.db.selectFrom('gifs').select('images').where('id', '=', id).executeTakeFirstOrThrow();
    const original = row.images.original!.gif!.file;
    const trim = await fetch(
      `${server.baseUrl}/imaging/trim?media_url=${encodeURIComponent(`/media/${id}/${original}`)}&start=0&duration=0.5`,
      { headers: { Authorization: `Bearer ${creator.token}` } },
    );
    expect(trim.status, trim.status === 200 ? '' : await trim.text()).toBe(200);
    expect(trim.headers.get('content-type')).toBe('image/gif');
    expect((await sharp(Buffer.from(await trim.arrayBuffer())).metadata()).format).toBe('gif');
  }, 240_000);

  it('renders a GIF maker edit list whose source and sticker are both read from the bucket', async () => {
    const source = await upload('maker-source');
    const stickerForm = form(await makeGif(path.join(dir, 'maker-sticker.gif'), { size: '64x64' }));
    stickerForm.set('is_sticker', 'true');
    const sticker = await uploadGif(server, creator, stickerForm);
    expect((await server.store.db.selectFrom('gifs').select('type').where('id', '=', sticker).executeTakeFirstOrThrow()).type).toBe(
      'sticker',
    );
    expect(await inBucket(`${sticker}/giphy.gif`)).toBe(true);
    const original = (await server.store.db.selectFrom('gifs').select('images').where('id', '=', source).executeTakeFirstOrThrow()).images
      .original!.gif!.file;
    const edits = new FormData();
    edits.set(
      'edits',
      JSON.stringify({
        media_url: `/media/${source}/${original}`,
        trim: { start: 0, duration: 0.5 },
        stickers: [{ id: sticker, x: 0.5, y: 0.5, scale: 0.5 }],
      }),
    );
    const made = await fetch(`${server.baseUrl}/imaging/render`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.token}` },
      body: edits,
    });
    expect(made.status, made.status === 200 ? '' : await made.text()).toBe(200);
    expect((await sharp(Buffer.from(await made.arrayBuffer())).metadata()).format).toBe('gif');
  }, 240_000);

  it('answers from the bucket as the content policy says: 404 unknown, 410 hidden, 451 taken down', async () => {
    const [hidden, takenDown] = [await upload('hidden'), await upload('takendown')];
    const fileOf = async (id: string) => (await keysOf(id)).find((k) => k.endsWith('.gif'))!;
    expect((await anyone(`/media/${await fileOf(hidden)}`)).status).toBe(200);
    expect(
      (await server.call('POST', `/api/v1/gifs/${hidden}/moderation`, { as: moderator, json: { action: 'hide', reason: 'bucket test' } }))
        .status,
    ).toBeLessThan(300);
    expect(
      (
        await server.call('POST', '/api/v3/content-takedown/takedown', {
          as: staff,
          json: { items: [{ reason: 'copyright', gif_id: takenDown }], send_email: false },
        })
      ).status,
    ).toBe(201);
    expect((await anyone(`/media/${await fileOf(hidden)}`)).status).toBe(410);
    expect((await anyone(`/media/${await fileOf(takenDown)}`)).status).toBe(451);
    expect((await anyone(`/media/zzUnknownGif00/${path.basename(await fileOf(hidden))}`)).status).toBe(404);
  }, 240_000);

  it('deletes a removed GIF’s objects by their recorded keys once the retention period has passed', async () => {
    const id = await upload('removed');
    const keys = await keysOf(id);
    expect((await server.call('DELETE', `/api/v1/gifs/${id}/`, { as: creator })).status).toBe(200);
    await sql`UPDATE gifs SET removed_at = now() - interval '31 days' WHERE id = ${id}`.execute(server.store.db);
    expect(await deleteExpiredMedia(server.store.db, { store }, { retentionDays: 30 })).toBeGreaterThanOrEqual(1);
    for (const key of keys) expect(await inBucket(key), key).toBe(false);
    expect(await keysOf(id)).toEqual([]);
  }, 240_000);

  it('stores avatars and channel pictures in the bucket, names them under MEDIA_PUBLIC_URL, serves them from it, and deletes a replaced one', async () => {
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
    const avatarForm = async () => {
      const f = new FormData();
      f.set('avatar', new Blob([new Uint8Array(await picture(640, 480))], { type: 'image/png' }), 'me.png');
      return f;
    };
    const first = await server.call('PATCH', `/api/v1/users/${creator.userId}/`, { as: creator, form: await avatarForm() });
    expect(first.status, first.text).toBe(200);
    const underBucket = (url: string) => {
      expect(url.startsWith(`${s3.endpoint}/${bucket}/`), url).toBe(true);
      return url.slice(`${s3.endpoint}/${bucket}/`.length);
    };
    const avatarKey = underBucket(first.body.data.avatar_url as string);
    // The same base wherever the user is shown: a GIF's user, in a by-id answer and a kept listing text.
    const id = await upload('avatar-shown');
    expect(underBucket((await server.call('GET', `/v1/gifs/${id}?api_key=${server.webKey}`)).body.data.user.avatar_url)).toBe(avatarKey);
    expect(underBucket((await server.call('GET', `/v1/gifs?ids=${id}&api_key=${server.webKey}`)).body.data[0].user.avatar_url)).toBe(
      avatarKey,
    );
    expect(underBucket((await server.call('GET', `/api/v1/profiles/${creator.username}/`)).body.data.avatar_url)).toBe(avatarKey);
    const variants = ['200h', '80h', '200w'].map((v) => avatarKey.replace(/\.jpg$/, `/${v}.jpg`));
    for (const key of [avatarKey, ...variants]) expect(await inBucket(key), key).toBe(true);
    expect((await anyone(`/media/${variants[1]}`)).status).toBe(200);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, avatarKey))).toBe(false);
    expect((await server.call('PATCH', `/api/v1/users/${creator.userId}/`, { as: creator, form: await avatarForm() })).status).toBe(200);
    for (const key of [avatarKey, ...variants]) expect(await inBucket(key), key).toBe(false);

    const channel = await server.call('POST', '/api/v4/channels/', {
      as: creator,
      json: { display_name: 'On a bucket', slug: `bucket-${Date.now().toString(36)}` },
    });
    expect(channel.status, channel.text).toBeLessThan(300);
    const banner = new FormData();
    banner.set('banner', new Blob([new Uint8Array(await picture(2000, 900))], { type: 'image/png' }), 'banner.png');
    const res = await server.call('PATCH', `/api/v4/channels/${channel.body.data.id}/`, { as: creator, form: banner });
    expect(res.status, res.text).toBe(200);
    const bannerKey = underBucket(res.body.data.banner_image as string);
    expect(await inBucket(bannerKey)).toBe(true);
    const served = await anyone(`/media/${bannerKey}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1040, height: 260 });
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, bannerKey))).toBe(false);
  }, 240_000);

  it('publishes on-demand text renders to the bucket and serves them from it', async () => {
    const res = await server.call('GET', `/v1/text/animate?m=${encodeURIComponent('on a bucket')}&api_key=${server.webKey}`);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const url = res.body.data[0].images.fixed_width.url as string;
    expect(url.startsWith(`${s3.endpoint}/${bucket}/txt`), url).toBe(true);
    const key = url.slice(`${s3.endpoint}/${bucket}/`.length);
    expect(await inBucket(key)).toBe(true);
    expect(await inBucket(`${key.split('/')[0]}/images.json`)).toBe(true);
    expect(fs.existsSync(path.join(TEST_MEDIA_DIR, key.split('/')[0]!))).toBe(false);
    const served = await anyone(`/media/${key}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(await bucketBytes(key))).toBe(true);
  }, 240_000);

  it('refuses an upload with 503 and Retry-After while the bucket is unreachable, leaving no GIF and no object (its keys kept for recovery)', async () => {
    const file = await makeGif(path.join(dir, 'down.gif'));
    await s3.stopGateway();
    let res: Awaited<ReturnType<AccountsServer['call']>>;
    try {
      res = await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form: form(file) });
    } finally {
      await s3.startGateway();
    }
    expect([res.status, res.headers.get('retry-after')], res.text.slice(0, 300)).toEqual([503, '30']);
    const last = await sql<{
      gif_id: string;
      state: string;
      error_code: string;
    }>`SELECT gif_id, state, error_code FROM uploads ORDER BY created_at DESC LIMIT 1`.execute(server.store.db);
    const gifId = last.rows[0]!.gif_id;
    expect([last.rows[0]!.state, last.rows[0]!.error_code]).toEqual(['failed', 'storage_unavailable']);
    expect(await server.store.db.selectFrom('gifs').select('id').where('id', '=', gifId).executeTakeFirst()).toBeUndefined();
    expect(fs.readdirSync(TEST_MEDIA_DIR).filter((name) => name.startsWith('.staging'))).toEqual([]);
    // Recorded before any put: the keys stay until a recovery can delete them from a bucket that answers.
    const keys = await keysOf(gifId);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) expect(await inBucket(key), key).toBe(false);
    const report = await recoverUploads(
      creatorsDb(server.store.db),
      { incoming: path.join(dir, 'none'), resumable: path.join(dir, 'none'), mediaDir: path.join(dir, 'none') },
      { alone: false, claimer: 'bucket-test', store },
    );
    expect(report.removed).toContain(`${gifId}/*`);
    expect(await keysOf(gifId)).toEqual([]);
  }, 240_000);
});
