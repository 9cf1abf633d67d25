/**
 * The imaging service (SPEC 7.3) through npm start's wiring, on both stores: trims of this server's
 * media and of uploaded files, checked for their real frames and duration after decoding; the
 * refusals a caller can meet, each a JSON error naming its field; and the edge reaching the service
 * started alone (`npm run start:imaging`) in its own process by IMAGING_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURATION_HEADER, FRAMES_HEADER } from '../../apps/server/src/imaging/constants.ts';
import { runFfmpeg } from '../../apps/server/src/media/ffmpeg.ts';
import { trustedFfmpeg } from '../../apps/server/src/media/ffmpeg-binary.ts';
import { openStore } from '../../apps/server/src/store/db.ts';
import { startAccountsServer, testUsername, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { corruptGif, makeClip } from '../support/media-fixtures.ts';
import { freePort } from '../support/process-group.ts';
import { scratchDatabase, storeKinds } from '../support/stores.ts';
import { uploadGif } from '../support/uploads.ts';
import { createAccessToken } from '../../apps/server/src/tokens/store.ts';
import { createAccount } from '../../apps/server/src/accounts/create.ts';
import { accountsDb } from '../../apps/server/src/accounts/schema.ts';

/** A GIF or WebP answer, decoded: frames, the sum of their delays, and the frame size. */
async function decoded(bytes: ArrayBuffer) {
  const meta = await sharp(Buffer.from(bytes), { animated: true }).metadata();
  return {
    frames: meta.pages ?? 1,
    durationMs: (meta.delay ?? []).reduce((a, b) => a + b, 0),
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
  };
}

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-imaging-'));
  clip = await makeClip(path.join(dir, 'clip.mp4'), { seconds: 2, size: '160x120', rate: 10 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function clipForm(fields: Record<string, string>, file = clip): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe.each(storeKinds())('imaging trim through the edge (%s)', { timeout: 300_000 }, (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let gif: string;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    creator = await server.makeUser('creator');
    gif = (
      await server.store.db
        .selectFrom('gifs')
        .select('id')
        .where('type', '=', 'gif')
        .where('is_removed', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('trims this server’s GIF by token into a GIF whose decoded frames and duration are what it says', async () => {
    // The seeded GIFs run 12 frames of 70 ms: from the 3rd frame, 6 frames.
    const res = await fetch(
      `${server.baseUrl}/imaging/trim?media_url=${encodeURIComponent(`/media/${gif}/giphy.gif`)}&start=0.14&duration=0.42`,
      { headers: { Authorization: `Bearer ${creator.token}` } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    const out = await decoded(await res.arrayBuffer());
    expect(out).toMatchObject({ frames: 6, durationMs: 420 });
    expect([res.headers.get(FRAMES_HEADER), res.headers.get(DURATION_HEADER)]).toEqual(['6', '0.42']);
  });

  it('trims an uploaded clip by session (with its CSRF header) and a URL of its own origin as JSON', async () => {
    const byForm = await server.call('POST', '/imaging/trim', {
      as: creator,
      form: clipForm({ start: '0.5', duration: '1', format: 'webp' }),
    });
    expect(byForm.status, byForm.text.slice(0, 200)).toBe(200);
    const res = await fetch(`${server.baseUrl}/imaging/trim`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ media_url: `${server.baseUrl}/media/${gif}/giphy.mp4`, start: 0, duration: 0.5, format: 'gif' }),
    });
    expect(res.status).toBe(200);
    expect((await decoded(await res.arrayBuffer())).durationMs).toBeGreaterThanOrEqual(480);
    const webp = await fetch(`${server.baseUrl}/imaging/trim`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.token}` },
      body: clipForm({ start: '0.5', duration: '1', format: 'webp' }),
    });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await decoded(await webp.arrayBuffer())).toEqual({ frames: 10, durationMs: 1000, width: 160, height: 120 });
  });

  it('answers every refusal as a JSON error naming its field, and only signed-in people may trim', async () => {
    const as = { as: creator, via: 'token' } as const;
    const get = (query: string) => server.call('GET', `/imaging/trim?${query}`, as);
    const own = encodeURIComponent(`/media/${gif}/giphy.gif`);
    // One at a time: trims beyond the queue's bound are refused with 503 (not what is tested here).
    const cases: [() => Promise<{ status: number; body: { field?: string; meta: { msg: string } } }>, number, string | undefined][] = [
      [() => get(`media_url=${own}&start=5&duration=1`), 400, 'start'],
      [() => get(`media_url=${own}&start=0.5&duration=1`), 400, 'duration'],
      [() => get(`media_url=${own}&start=0&duration=16`), 400, 'duration'],
      [() => get(`media_url=${own}&start=-1&duration=1`), 400, 'start'],
      [() => get(`media_url=${own}&start=0&duration=1&format=png`), 400, 'format'],
      [() => get('start=0&duration=1'), 400, 'media_url'],
      [() => get(`media_url=${encodeURIComponent(`/media/${gif}/480w_s.jpg`)}&start=0&duration=1`), 415, 'media_url'],
      [() => get(`media_url=${encodeURIComponent(`/media/${gif}/giphy_s.gif`)}&start=0&duration=1`), 400, 'media_url'],
      [() => get(`media_url=${encodeURIComponent('/media/none/giphy.gif')}&start=0&duration=1`), 404, 'media_url'],
      [() => get(`media_url=${encodeURIComponent('http://10.0.0.1/a.gif')}&start=0&duration=1`), 400, 'media_url'],
      [() => get(`media_url=${encodeURIComponent('https://elsewhere.example/a.gif')}&start=0&duration=1`), 400, 'media_url'],
      [() => get(`media_url=${encodeURIComponent('http://127.0.0.1:9/media/x/giphy.gif')}&start=0&duration=1`), 400, 'media_url'],
      [
        () =>
          server.call('POST', '/imaging/trim', {
            ...as,
            form: clipForm({ start: '0', duration: '1' }, corruptGif(path.join(dir, 'corrupt.gif'))),
          }),
        400,
        'file',
      ],
      [
        () =>
          server.call('POST', '/imaging/trim', {
            ...as,
            form: clipForm({ start: '0', duration: '1', media_url: `/media/${gif}/giphy.gif` }),
          }),
        400,
        'media_url',
      ],
      [
        () => server.call('POST', '/imaging/trim', { ...as, json: { media_url: `/media/${gif}/giphy.gif`, start: '1e3', duration: 1 } }),
        400,
        'start',
      ],
      [() => server.call('GET', `/imaging/trim?media_url=${own}&start=0&duration=0.2`), 401, undefined],
    ];
    for (const [pending, status, field] of cases) {
      const res = await pending();
      expect({ status: res.status, field: res.body.field }, JSON.stringify(res.body)).toEqual({ status, field });
      expect(res.body.meta.msg.length).toBeGreaterThan(10);
    }
  });
});

describe.each(storeKinds())('the GIF maker’s render from an edit list (%s)', { timeout: 300_000 }, (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let sticker: string;
  let plain: string;
  beforeAll(async () => {
    server = await startAccountsServer(kind);
    creator = await server.makeUser('creator');
    sticker = (
      await server.store.db
        .selectFrom('gifs')
        .select('id')
        .where('type', '=', 'sticker')
        .where('is_removed', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // A flat blue clip: anything else on a frame was drawn by the edit list.
    plain = path.join(dir, 'blue.mp4');
    await runFfmpeg(trustedFfmpeg(), [
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2040a0:size=320x180:rate=10',
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      plain,
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const render = (edits: unknown, file = plain) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(fs.readFileSync(file))]), 'blue.mp4');
    form.set('edits', JSON.stringify(edits));
    return fetch(`${server.baseUrl}/imaging/render`, { method: 'POST', headers: { Authorization: `Bearer ${creator.token}` }, body: form });
  };
  /** A region of a frame of a GIF answer (fractions of the frame), as RGB pixels. */
  async function region(bytes: ArrayBuffer, page: number, box: { left: number; top: number; width: number; height: number }) {
    const image = sharp(Buffer.from(bytes), { page });
    const { width = 0, height = 0 } = await image.metadata();
    const px = {
      left: Math.round(box.left * width),
      top: Math.round(box.top * height),
      width: Math.round(box.width * width),
      height: Math.round(box.height * height),
    };
    const raw = await image.extract(px).removeAlpha().raw().toBuffer();
    const pixels: [number, number, number][] = [];
    for (let i = 0; i < raw.length; i += 3) pixels.push([raw[i]!, raw[i + 1]!, raw[i + 2]!]);
    return pixels;
  }
  const red = ([r, g, b]: [number, number, number]) => r > 180 && g < 80 && b < 80;
  const blue = ([r, g, b]: [number, number, number]) => Math.abs(r - 0x20) < 24 && Math.abs(g - 0x40) < 24 && Math.abs(b - 0xa0) < 24;

  it('draws a caption and a sticker over the trimmed segment: a decoded frame shows both, the rest is the source', async () => {
    const edits = {
      trim: { start: 0.5, duration: 1 },
      captions: [{ text: 'HELLO', font: 'sans', color: '#ff0000', size: 0.2, x: 0.5, y: 0.8, animation: 'none' }],
      stickers: [{ id: sticker, x: 0.25, y: 0.3, scale: 0.3, rotation: 20 }],
    };
    const res = await render(edits);
    expect(
      res.status,
      await res
        .clone()
        .text()
        .then((t) => t.slice(0, 300)),
    ).toBe(200);
    const bytes = await res.arrayBuffer();
    expect(await decoded(bytes)).toMatchObject({ frames: 10, durationMs: 1000, width: 320, height: 180 });
    const caption = await region(bytes, 5, { left: 0.3, top: 0.7, width: 0.4, height: 0.2 });
    expect(caption.filter(red).length / caption.length).toBeGreaterThan(0.1);
    const stickerArea = await region(bytes, 5, { left: 0.15, top: 0.15, width: 0.2, height: 0.3 });
    expect(stickerArea.filter((p) => !blue(p)).length / stickerArea.length).toBeGreaterThan(0.1);
    const untouched = await region(bytes, 5, { left: 0.7, top: 0.05, width: 0.25, height: 0.3 });
    expect(untouched.every(blue)).toBe(true);
    // The same list makes the same GIF.
    const again = await render(edits);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it('fits long captions to a narrow frame in the published GIF: no caption ink at the left or right edge, all of it drawn', async () => {
    // A portrait frame, where "NEWBIE WAS HERE" at the default size is twice as wide as the frame.
    const narrow = path.join(dir, 'blue-narrow.mp4');
    await runFfmpeg(trustedFfmpeg(), [
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2040a0:size=144x256:rate=10',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      narrow,
    ]);
    const edits = {
      trim: { start: 0, duration: 0.5 },
      captions: [
        { text: 'NEWBIE WAS HERE', font: 'sans', color: '#ffffff', size: 0.12, x: 0.5, y: 0.85, animation: 'none' },
        {
          text: 'WHEN THE NEW INTERN PUSHES TO PRODUCTION ON A FRIDAY',
          font: 'serif',
          color: '#ffffff',
          size: 0.2,
          x: 0.1,
          y: 0.2,
          animation: 'none',
        },
      ],
    };
    const made = await render(edits, narrow);
    expect(made.status).toBe(200);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await made.arrayBuffer())]), 'made.gif');
    const gif = await server.call('GET', `/v1/gifs/${await uploadGif(server, creator, form)}?api_key=${server.webKey}`);
    expect(gif.status, gif.text).toBe(200);
    const bytes = await (await fetch(gif.body.data.images.original.url)).arrayBuffer();
    expect(await decoded(bytes)).toMatchObject({ width: 144, height: 256 });
    const inked = (p: [number, number, number]) => !blue(p);
    for (const page of [0, 4]) {
      const left = await region(bytes, page, { left: 0, top: 0, width: 0.03, height: 1 });
      const right = await region(bytes, page, { left: 0.97, top: 0, width: 0.03, height: 1 });
      expect([left.filter(inked).length, right.filter(inked).length]).toEqual([0, 0]);
      // Both captions are there: white ink near the top (the wrapped one) and near the bottom.
      const white = ([r, g, b]: [number, number, number]) => r > 200 && g > 200 && b > 200;
      expect((await region(bytes, page, { left: 0, top: 0, width: 1, height: 0.5 })).filter(white).length).toBeGreaterThan(100);
      expect((await region(bytes, page, { left: 0, top: 0.7, width: 1, height: 0.3 })).filter(white).length).toBeGreaterThan(100);
    }
  });

  it('refuses an edit list out of bounds, naming its field', async () => {
    const trim = { start: 0, duration: 1 };
    const cases: [unknown, string][] = [
      [{ trim: { start: 5, duration: 1 } }, 'trim.start'],
      [{ trim: { start: 0, duration: 20 } }, 'trim'],
      [{ trim, captions: [{ text: 'x'.repeat(81) }] }, 'captions'],
      [{ trim, captions: [{ text: '' }] }, 'captions'],
      [{ trim, captions: Array.from({ length: 4 }, () => ({ text: 'a' })) }, 'captions'],
      [{ trim, captions: [{ text: 'a', color: 'red' }] }, 'captions'],
      [{ trim, captions: [{ text: 'a', animation: 'spin' }] }, 'captions'],
      [{ trim, stickers: [{ id: sticker, x: 2, y: 0, scale: 0.2 }] }, 'stickers'],
      [{ trim, stickers: [{ id: sticker, x: 0, y: 0, scale: 0.2, rotation: 400 }] }, 'stickers'],
      [{ trim, stickers: Array.from({ length: 6 }, () => ({ id: sticker, x: 0, y: 0, scale: 0.2 })) }, 'stickers'],
      [{ trim, stickers: [{ id: 'nosuchsticker', x: 0, y: 0, scale: 0.2 }] }, 'stickers.0.id'],
      [{ captions: [] }, 'trim'],
    ];
    for (const [edits, field] of cases) {
      const res = await render(edits);
      const body = (await res.json()) as { field?: string; meta: { msg: string } };
      expect({ status: res.status, field: body.field }, JSON.stringify(body)).toEqual({ status: 400, field });
    }
    const noEdits = await fetch(`${server.baseUrl}/imaging/render`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${creator.token}` },
      body: new FormData(),
    });
    expect(noEdits.status).toBe(400);
    const anonymous = await fetch(`${server.baseUrl}/imaging/render`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trim }),
    });
    expect(anonymous.status).toBe(401);
  });
});

/** Waits until something answers HTTP on the port. */
async function listening(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`imaging process exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('imaging process did not start');
}

describe.each(storeKinds())('the edge reaches the imaging service started alone by IMAGING_URL (%s)', { timeout: 300_000 }, (kind) => {
  let child: ChildProcess | undefined;
  let server: AccountsServer | undefined;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await server?.close();
    await scratch?.drop();
  });

  it('trims through the edge with a token of the service’s own store, reading its own media folder', async () => {
    // The service alone has its own store and data directory; its caller's token is made there first.
    const dataDir = fs.mkdtempSync(path.join(dir, 'alone-'));
    scratch = kind === 'postgres' ? await scratchDatabase() : undefined;
    const store = await openStore({ databaseUrl: scratch?.url, dataDir });
    const db = accountsDb(store.db);
    const username = testUsername('alone');
    const userId = await createAccount(
      db,
      { username, email: `${username}@example.test`, passwordHash: null, role: 'creator', emailVerified: true },
      { userId: null, via: 'cli', address: 'test' },
    );
    const { token } = await createAccessToken(db, userId, { label: 'alone', scope: 'creator' });
    // Its media is read only for a GIF of its store that anyone may open.
    await store.db
      .insertInto('gifs')
      .values({ id: 'aloneGif', type: 'gif', slug: 'alone', title: 'Alone', rating: 'g', images: '{}' })
      .execute();
    await store.close();
    fs.mkdirSync(path.join(dataDir, 'media', 'aloneGif'), { recursive: true });
    fs.copyFileSync(clip, path.join(dataDir, 'media', 'aloneGif', 'giphy.mp4'));

    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/imaging/main.ts'], {
      env: { ...process.env, IMAGING_PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await listening(`http://127.0.0.1:${port}/healthz`, child);
    server = await startAccountsServer('pglite', { env: { IMAGING_URL: `http://127.0.0.1:${port}` } });

    const res = await fetch(
      `${server.baseUrl}/imaging/trim?media_url=${encodeURIComponent('/media/aloneGif/giphy.mp4')}&start=1&duration=0.5`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await decoded(await res.arrayBuffer())).toMatchObject({ frames: 5, durationMs: 500 });
    // The main server's own callers are unknown to the service's store: the edge forwarded, the service decided.
    const stranger = await server.makeUser('creator');
    expect((await server.call('GET', `/imaging/trim?media_url=x&start=0&duration=1`, { as: stranger, via: 'token' })).status).toBe(401);
  });
});
