/**
 * Untrusted bytes go only to a maintained ffmpeg (media/ffmpeg-binary.ts), through `npm start`'s
 * wiring: with FFMPEG_PATH naming one, it is the binary that reads each upload, and a file no
 * rendition can be made of (65535×1) or that no decoder can read is refused in our words, never the
 * decoder's. With only the bundled 2018 build, the platform still serves its corpus, but every way
 * of starting an upload or a trim answers 503 saying what to install, after authorisation, and
 * nothing is written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedFfmpeg } from '../../apps/server/src/media/ffmpeg-binary.ts';
import { TRIM_PATH } from '../../apps/server/src/imaging/constants.ts';
import { RESUMABLE_PATH } from '../../apps/server/src/uploads/resumable-route.ts';
import { startAccountsServer, type AccountsServer, type TestUser } from '../support/accounts.ts';
import { DECODER_WORDS, maintainedDecoder } from '../support/decoder.ts';
import { corruptClip, makeClip, makeGif, makeStripPng } from '../support/media-fixtures.ts';
import { storeKinds } from '../support/stores.ts';

const fileForm = (server: AccountsServer, file: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  form.set('api_key', server.webKey);
  form.set('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

const uploadsOf = (server: AccountsServer, userId: number) =>
  server.db
    .withTables<{ uploads: { id: string; user_id: number; state: string; error: string | null } }>()
    .selectFrom('uploads')
    .select(['id', 'state', 'error'])
    .where('user_id', '=', userId)
    .execute();

describe.each(storeKinds())('uploads decoded by the configured maintained ffmpeg (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let dir: string;
  let calls: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-decoder-'));
    calls = path.join(dir, 'calls.log');
    // FFMPEG_PATH names a script that notes each call, then runs the machine's maintained ffmpeg.
    const wrapper = path.join(dir, 'ffmpeg');
    fs.writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec '${(await maintainedDecoder()).ffmpeg}' "$@"\n`, {
      mode: 0o755,
    });
    server = await startAccountsServer(kind, { ffmpegPath: wrapper });
    creator = await server.makeUser('creator');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('decodes an upload with that ffmpeg', async () => {
    const res = await server.call('POST', '/v1/gifs', {
      as: creator,
      via: 'token',
      form: fileForm(server, await makeClip(path.join(dir, 'clip.mp4'), { seconds: 1, size: '160x90' })),
    });
    expect(res.status, res.text).toBe(200);
    // The answer may come while processing goes on (API_ANSWER_WITHIN_MS): wait for the GIF.
    for (let i = 0; i < 300 && (await server.call('GET', `/v1/gifs/${res.body.data.id}?api_key=${server.webKey}`)).status === 404; i++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const reads = fs
      .readFileSync(calls, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`${path.sep}uploads${path.sep}incoming${path.sep}`));
    // The clip's header, its frames and its kept video: each read by the configured binary.
    expect(reads.length).toBeGreaterThanOrEqual(3);
    // The renditions, from the decoded frames, are made by it too.
    expect(fs.readFileSync(calls, 'utf8')).toMatch(/-f rawvideo -pix_fmt rgba .*-i pipe:0/);
  });

  it('refuses a 65535×1 PNG and a clip of noise in its own words; the decoder’s stay in the log', async () => {
    const strip = await server.call('POST', '/v1/gifs', {
      as: creator,
      via: 'token',
      form: fileForm(server, await makeStripPng(path.join(dir, 'strip.png'), 65535, 1)),
    });
    expect(strip.status).toBe(400);
    expect(strip.body).toMatchObject({
      field: 'file',
      meta: { msg: 'The file is 65535×1 pixels; its longer side may be at most 32 times its shorter' },
    });
    const noise = await server.call('POST', '/v1/gifs', {
      as: creator,
      via: 'token',
      form: fileForm(server, await corruptClip(path.join(dir, 'noise.mp4'))),
    });
    expect(noise.status).toBe(400);
    expect(noise.body.meta.msg).toBe('The MP4 is corrupt: its frames cannot be decoded');
    for (const answer of [strip, noise]) expect(answer.text).not.toMatch(DECODER_WORDS);
    const listed = await server.call('GET', '/api/v1/uploads/', { as: creator, via: 'token' });
    expect(listed.text).toMatch(/corrupt/);
    expect(listed.text).not.toMatch(DECODER_WORDS);
    expect(server.logLines.some((line) => /refused: corrupt \(ffmpeg failed/.test(line))).toBe(true);
  });
});

describe.each(storeKinds())('uploads without a maintained ffmpeg (%s)', (kind) => {
  let server: AccountsServer;
  let creator: TestUser;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-no-decoder-'));
    // The bundled 2018 build is all there is: it does not even say its version.
    server = await startAccountsServer(kind, { ffmpegPath: trustedFfmpeg() });
    creator = await server.makeUser('creator');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says so at start and still serves the seeded corpus', async () => {
    expect(
      server.logLines.some((line) => line.includes('uploads and trims are OFF (503)') && line.includes('apt-get install ffmpeg')),
    ).toBe(true);
    const trending = await server.call('GET', `/v1/gifs/trending?api_key=${server.webKey}`);
    expect(trending.status).toBe(200);
    expect(trending.body.data.length).toBeGreaterThan(0);
  });

  it('answers 503 to every way of starting an upload or a trim, after authorisation, and writes nothing', async () => {
    const gif = await makeGif(path.join(dir, 'a.gif'));
    expect((await server.call('POST', '/v1/gifs', { form: fileForm(server, gif) })).status).toBe(401);
    // Anyone signed in may upload (issue 31): a user is authorised, then told uploads are off.
    expect(
      (await server.call('POST', '/v1/gifs', { as: await server.makeUser('user'), via: 'token', form: fileForm(server, gif) })).status,
    ).toBe(503);
    const answers = [
      await server.call('POST', '/v1/gifs', { as: creator, via: 'token', form: fileForm(server, gif) }),
      await server.call('POST', `/v1/gifs?api_key=${server.webKey}&source_image_url=${encodeURIComponent('http://127.0.0.1:9/a.gif')}`, {
        as: creator,
        via: 'token',
        form: new FormData(),
      }),
      await server.call('POST', '/api/v1/uploads/', { as: creator, via: 'token', json: { source_image_url: 'http://127.0.0.1:9/a.gif' } }),
      await server.call('POST', RESUMABLE_PATH, {
        as: creator,
        via: 'token',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': '100',
          'Upload-Metadata': `filename ${Buffer.from('a.gif').toString('base64')}`,
        },
      }),
      await server.call('POST', TRIM_PATH, { as: creator, via: 'token', form: fileForm(server, gif, { start: '0', duration: '0.5' }) }),
      await server.call('GET', `${TRIM_PATH}?media_url=/media/x/giphy.gif&start=0&duration=1`, { as: creator, via: 'token' }),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(503);
      expect(answer.text).toMatch(
        /decoding them needs ffmpeg 5\.1 or newer from the system's packages \(apt-get install ffmpeg\); found an ffmpeg that does not say its version/,
      );
    }
    expect(await uploadsOf(server, creator.userId)).toEqual([]);
  });
});
