/**
 * GIPHY's Upload API (`POST /v1/gifs`) through `npm start`'s wiring, edge in front: the official
 * request shape with a personal access token, uploads from a URL (only from allowed addresses), every
 * hostile file refused with its problem named, roles, and nothing of a refused upload left anywhere.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { corruptGif, gifBomb, makeClip, makeGif, makePngBomb, truncated } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';
import { TEST_MEDIA_DIR } from '../support/corpus.ts';
import { GIF_ID_HEADER, RESUMABLE_PATH } from '../../apps/server/src/uploads/resumable-route.ts';
import { URL_NOT_FETCHED } from '../../apps/server/src/uploads/fetch-url.ts';

const MAX_BYTES = 4 * 1024 * 1024;

describe.each(storeKinds())('POST /v1/gifs (%s)', (kind) => {
  let server: AccountsServer;
  let dir: string;
  let creator: TestUser;
  let source: http.Server;
  let sourceUrl: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-api-upload-'));
    server = await startAccountsServer(kind, {
      uploads: { limits: { maxBytes: MAX_BYTES, maxDurationS: 60, maxPixels: 4096 * 4096, maxFrames: 3600 }, urlAllow: ['127.0.0.1/32'] },
    });
    creator = await server.makeUser('creator');
    const gif = fs.readFileSync(await makeGif(path.join(dir, 'served.gif')));
    source = http.createServer((req, res) => {
      if (req.url === '/cat.gif') res.writeHead(200, { 'content-type': 'image/gif' }).end(gif);
      else if (req.url === '/moved') res.writeHead(302, { location: 'http://10.0.0.1/cat.gif' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    source?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** GIPHY's documented upload form: api_key, file, tags, source_post_url, username. */
  function giphyForm(file: string, extra: Record<string, string> = {}): FormData {
    const form = new FormData();
    form.set('api_key', server.webKey);
    form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
    for (const [k, v] of Object.entries(extra)) form.set(k, v);
    return form;
  }
  /**
   * The GIF once it exists: the API answers after API_ANSWER_WITHIN_MS with the id while processing
   * goes on, which on busy shared cores a small clip can outlast.
   */
  async function appeared(id: string) {
    for (let i = 0; i < 300; i++) {
      const res = await server.call('GET', `/v1/gifs/${id}`);
      if (res.status !== 404) return res;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`GIF ${id} never appeared`);
  }
  const upload = (form: FormData, as: TestUser | null = creator) =>
    server.call('POST', '/v1/gifs', { ...(as ? { as, via: 'token' as const } : {}), form });

  it('takes GIPHY’s request shape with a token and presents the GIF like any other', async () => {
    const file = await makeGif(path.join(dir, 'dance.gif'), { seconds: 1 });
    const res = await upload(
      giphyForm(file, { tags: 'dance, party,Loop', source_post_url: 'https://example.test/post/1', username: creator.username }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ status: 200, msg: 'OK' });
    const id = res.body.data.id as string;
    expect(id).toMatch(/^[A-Za-z0-9]{18}$/);
    const gif = await appeared(id);
    expect(gif.status).toBe(200);
    expect(gif.body.data).toMatchObject({
      id,
      type: 'gif',
      username: creator.username,
      tags: ['dance', 'party', 'loop'],
      source_post_url: 'https://example.test/post/1',
      title: 'dance',
      rating: 'pg-13',
    });
    expect(gif.body.data.analytics_response_payload).toMatch(/^e=/);
    for (const name of ['original', 'fixed_width', 'fixed_height_small', 'original_still']) {
      const media = await fetch(gif.body.data.images[name].url);
      expect(media.status, name).toBe(200);
      await media.arrayBuffer();
    }
    const events = await server.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('stream', '=', 'gif')
      .where('stream_id', '=', id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['gif.uploaded']);
    expect(events[0]!.payload).toMatchObject({ actor: creator.userId, via: 'token', origin: 'api', format: 'gif' });
  });

  it('takes a clip and keeps its video', async () => {
    const res = await upload(giphyForm(await makeClip(path.join(dir, 'tone.mp4'), { seconds: 1, size: '320x180', audio: true })));
    expect(res.status, res.text).toBe(200);
    const gif = await appeared(res.body.data.id);
    expect(gif.body.data.type).toBe('video');
    expect(Object.values(gif.body.data.video.assets)[0]).toMatchObject({ width: '320', height: '180' });
  });

  it('fetches source_image_url from an allowed address, and refuses private, link-local and non-http ones', async () => {
    const ok = await upload(urlForm(`${sourceUrl}/cat.gif`));
    expect(ok.status, ok.text).toBe(200);
    expect((await appeared(ok.body.data.id)).body.data.title).toBe('cat');
    for (const [url, msg] of [
      ['http://10.1.2.3/a.gif', 'not a public address'],
      ['http://169.254.169.254/latest/meta-data', 'not a public address'],
      ['http://[::1]:80/a.gif', 'not a public address'],
      ['ftp://example.test/a.gif', 'http or https'],
    ] as const) {
      const res = await upload(urlForm(url));
      expect(res.status, url).toBe(400);
      expect(res.body, url).toMatchObject({ field: 'source_image_url' });
      expect(res.body.meta.msg, url).toContain(msg);
    }
    // A redirect to a refused address answers as any failed fetch: nothing of where it led.
    const redirected = await upload(urlForm(`${sourceUrl}/moved`));
    expect(redirected.status).toBe(502);
    expect(redirected.body.meta.msg).toBe(URL_NOT_FETCHED);
  });
  function urlForm(url: string): FormData {
    const form = new FormData();
    form.set('source_image_url', url);
    return form;
  }

  it('refuses every hostile file with its problem named, and leaves nothing of it behind', async () => {
    const empty = path.join(dir, 'empty.gif');
    fs.writeFileSync(empty, '');
    const misnamed = path.join(dir, 'misnamed.mp4');
    fs.copyFileSync(await makeGif(path.join(dir, 'real.gif')), misnamed);
    const big = path.join(dir, 'big.gif');
    fs.writeFileSync(big, Buffer.alloc(MAX_BYTES + 10, 1));
    const cases: [string, number, RegExp][] = [
      [empty, 400, /empty \(0 bytes\)/],
      [misnamed, 415, /named \.mp4 but is a GIF/],
      [big, 413, /limit of 4\.0 MB/],
      [truncated(await makeGif(path.join(dir, 'whole.gif')), path.join(dir, 'cut.gif')), 400, /truncated/],
      [corruptGif(path.join(dir, 'noise.gif')), 400, /corrupt/],
      [await gifBomb(dir), 413, /decompression bomb/],
      [await makePngBomb(path.join(dir, 'bomb.png')), 413, /decompression bomb/],
    ];
    const gifsBefore = await server.db
      .selectFrom('gifs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [file, status, message] of cases) {
      const res = await upload(giphyForm(file));
      expect(res.status, path.basename(file)).toBe(status);
      expect(res.body.field, path.basename(file)).toBe('file');
      expect(res.body.meta.msg, path.basename(file)).toMatch(message);
    }
    const gifsAfter = await server.db
      .selectFrom('gifs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(gifsAfter.n).toBe(gifsBefore.n);
    const failed = await server.db
      .withTables<{ uploads: { gif_id: string; state: string; user_id: number } }>()
      .selectFrom('uploads')
      .select(['gif_id', 'state'])
      .where('user_id', '=', creator.userId)
      .where('state', '=', 'failed')
      .execute();
    for (const { gif_id } of failed) {
      expect(fs.existsSync(path.join(TEST_MEDIA_DIR, gif_id)), gif_id).toBe(false);
      expect((await server.call('GET', `/v1/gifs/${gif_id}`)).status).toBe(404);
    }
    expect(
      fs.readdirSync(TEST_MEDIA_DIR).filter((name) => name.startsWith('.tmp-upload-') && failed.some((u) => name.includes(u.gif_id))),
    ).toEqual([]);
  });

  it('needs a signed-in uploader, as themself (or staff, who may name the uploader)', async () => {
    const file = await makeGif(path.join(dir, 'roles.gif'));
    expect((await upload(giphyForm(file), null)).status).toBe(401);
    const user = await server.makeUser('user');
    const own = await upload(giphyForm(file), user);
    expect(own.status, own.text).toBe(200);
    expect((await appeared(own.body.data.id)).body.data.username).toBe(user.username);
    expect((await upload(giphyForm(file, { username: (await server.makeUser('user')).username }), user)).status).toBe(403);
    const other = await server.makeUser('creator');
    expect((await upload(giphyForm(file, { username: other.username }))).status).toBe(403);
    const staff = await server.makeUser('staff');
    const res = await upload(giphyForm(file, { username: other.username }), staff);
    expect(res.status, res.text).toBe(200);
    expect((await appeared(res.body.data.id)).body.data.username).toBe(other.username);
  });
  it('resumes a tus upload from the offset HEAD reports, then shows the GIF; tus refusals are JSON', async () => {
    const bytes = fs.readFileSync(await makeGif(path.join(dir, 'resumed.gif'), { seconds: 1 }));
    const tus = { 'Tus-Resumable': '1.0.0' };
    const meta = (pairs: Record<string, string>) =>
      Object.entries(pairs)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(',');
    const created = await server.call('POST', RESUMABLE_PATH, {
      as: creator,
      via: 'token',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta({ filename: 'resumed.gif', tags: 'resumed' }) },
    });
    expect(created.status, created.text).toBe(201);
    const at = new URL(created.headers.get('location')!, server.baseUrl).pathname;
    const patch = (offset: number, chunk: Buffer) =>
      server.call('PATCH', at, {
        as: creator,
        via: 'token',
        headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body: chunk,
      });
    const half = Math.floor(bytes.length / 2);
    expect((await patch(0, bytes.subarray(0, half))).status).toBe(204);
    // The connection drops here; the client asks where to go on.
    const head = await server.call('HEAD', at, { as: creator, via: 'token', headers: tus });
    expect({ status: head.status, offset: head.headers.get('upload-offset') }).toEqual({ status: 200, offset: String(half) });
    const wrongOffset = await patch(0, bytes.subarray(0, 10));
    expect(wrongOffset.status).toBe(409);
    expect(wrongOffset.body.meta.msg.length).toBeGreaterThan(3);
    const done = await patch(half, bytes.subarray(half));
    expect(done.status, done.text).toBe(204);
    const gifId = done.headers.get(GIF_ID_HEADER);
    const uploadId = at.split('/').pop()!;
    let state = '';
    for (let i = 0; i < 600 && state !== 'done' && state !== 'failed'; i++) {
      state = (await server.call('GET', `/api/v1/uploads/${uploadId}/`, { as: creator, via: 'token' })).body.data.state;
      if (state !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('done');
    const shown = await server.call('GET', `/api/v1/uploads/${uploadId}/`, { as: creator, via: 'token' });
    expect(gifId).toBe(shown.body.data.gif_id);
    expect((await server.call('GET', `/v1/gifs/${shown.body.data.gif_id}`)).body.data.tags).toEqual(['resumed']);
    // Someone else cannot see or touch it, nor reach it through their own upload's URL (tus reads the id at the URL's end).
    const other = await server.makeUser('creator');
    expect((await server.call('HEAD', at, { as: other, via: 'token', headers: tus })).status).toBe(403);
    const theirs = await server.call('POST', RESUMABLE_PATH, {
      as: other,
      via: 'token',
      headers: { ...tus, 'Upload-Length': '8', 'Upload-Metadata': meta({ filename: 'theirs.gif' }) },
    });
    const theirsAt = new URL(theirs.headers.get('location')!, server.baseUrl).pathname;
    const smuggled = `${theirsAt}?x=/${uploadId}`;
    const probe = await server.call('HEAD', smuggled, { as: other, via: 'token', headers: tus });
    expect({ status: probe.status, offset: probe.headers.get('upload-offset') }).toEqual({ status: 200, offset: '0' });
    expect(
      (
        await server.call('PATCH', smuggled, {
          as: other,
          via: 'token',
          headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
          body: Buffer.from('GIF8'),
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await server.call('DELETE', `/api/v1/uploads/resumable/${theirsAt.split('/').pop()}?x=/${uploadId}`, {
          as: other,
          via: 'token',
          headers: tus,
        })
      ).status,
    ).toBe(204);
    const mine = await server.call('GET', `/api/v1/uploads/${uploadId}/`, { as: creator, via: 'token' });
    expect(mine.body.data).toMatchObject({ state: 'done', gif_id: gifId });
    const refused = await server.call('POST', RESUMABLE_PATH, { as: creator, via: 'token', headers: { ...tus, 'Upload-Length': '-1' } });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.msg.length).toBeGreaterThan(3);
  });
});
