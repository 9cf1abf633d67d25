/**
 * The trim itself, on real media made here by ffmpeg and sharp: the answer's real frame count and
 * duration (decoded again), that it starts where asked (its first frame against the source's frame
 * at that time), every output format, and the refusals of ranges and media it cannot trim.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptGif, makeClip, makeGif, makePng, makeWebp } from '../../../../tests/support/media-fixtures.ts';
import { runFfmpegToBuffer } from '../media/ffmpeg.ts';
import { trustedFfmpeg } from '../media/ffmpeg-binary.ts';
import { maintainedDecoder } from '../../../../tests/support/decoder.ts';
import type { MediaAccess } from '../media/door.ts';
import { FieldError } from '../http/envelope.ts';
import type { TrimFormat } from './constants.ts';
import { sourceFile } from './source.ts';
import { trimMedia } from './trim.ts';

let dir: string;
let clip: string;
let ffmpeg: string;
beforeAll(async () => {
  ffmpeg = (await maintainedDecoder()).ffmpeg;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-trim-'));
  clip = await makeClip(path.join(dir, 'clip.mp4'), { seconds: 4, size: '320x180', rate: 25 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
const trim = (file: string, start: number, duration: number, format: TrimFormat = 'gif') =>
  trimMedia({ file, filename: path.basename(file), ffmpeg, field: 'file', start, duration, format, workDir: path.join(dir, `out-${n++}`) });

/** A decoded GIF or WebP: its frame count and the sum of its frame delays. */
async function animation(bytes: Buffer) {
  const meta = await sharp(bytes, { animated: true }).metadata();
  return {
    frames: meta.pages ?? 1,
    durationMs: (meta.delay ?? []).reduce((a, b) => a + b, 0),
    width: meta.width,
    height: meta.pageHeight ?? meta.height,
  };
}

/** The source's frame at `atS`, and a trim's first frame, as small greyscale pixels to compare. */
const grey = (input: Buffer | string) => sharp(input, { pages: 1 }).resize(64, 36, { fit: 'fill' }).greyscale().raw().toBuffer();
async function frameAt(file: string, atS: number): Promise<Buffer> {
  const png = await runFfmpegToBuffer(
    trustedFfmpeg(),
    ['-ss', String(atS), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1'],
    10_000_000,
  );
  return grey(png);
}
const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

describe('trimming', () => {
  it('cuts 2 s from 1 s into a GIF of 50 frames lasting 2 s that starts with the source’s frame at 1 s', async () => {
    const out = await trim(clip, 1, 2);
    expect(out.type).toBe('image/gif');
    expect({ frames: out.frames, duration: out.duration }).toEqual({ frames: 50, duration: 2 });
    expect(await animation(out.bytes)).toEqual({ frames: 50, durationMs: 2000, width: 320, height: 180 });
    const first = await grey(out.bytes);
    const atStart = difference(first, await frameAt(clip, 1));
    const atZero = difference(first, await frameAt(clip, 0));
    expect(atStart).toBeLessThan(12);
    expect(atZero).toBeGreaterThan(atStart * 2);
  });

  it('answers MP4 and WebP of the same segment', async () => {
    const mp4 = await trim(clip, 0.5, 1, 'mp4');
    expect(mp4.type).toBe('video/mp4');
    const decoded = await runFfmpegToBuffer(
      trustedFfmpeg(),
      ['-i', writeTemp(mp4.bytes, 'trim.mp4'), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
      100_000_000,
    );
    expect(decoded.length / (320 * 180)).toBe(25);
    const webp = await trim(clip, 0.5, 1, 'webp');
    expect(await animation(webp.bytes)).toEqual({ frames: 25, durationMs: 1000, width: 320, height: 180 });
  });

  it('trims a GIF and an animated WebP at their own rates', async () => {
    const gif = await makeGif(path.join(dir, 'source.gif'), { seconds: 2, rate: 10, size: '160x120' });
    const fromGif = await trim(gif, 0.5, 1);
    expect(await animation(fromGif.bytes)).toEqual({ frames: 10, durationMs: 1000, width: 160, height: 120 });
    expect(difference(await grey(fromGif.bytes), await frameAt(gif, 0.5))).toBeLessThan(12);
    const webp = await makeWebp(path.join(dir, 'source.webp'), 6);
    const fromWebp = await trim(webp, 0.2, 0.3, 'webp');
    expect(await animation(fromWebp.bytes)).toMatchObject({ frames: 3, durationMs: 300 });
  });

  it('keeps a trim to the end of the media when the duration asks a frame too far', async () => {
    const out = await trim(clip, 3, 1.02);
    expect(out.frames).toBe(25);
  });
});

function writeTemp(bytes: Buffer, name: string): string {
  const file = path.join(dir, `${n++}-${name}`);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The FieldError a call is refused with, as plain data. */
async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FieldError);
  const { status, field, message } = err as FieldError;
  return { status, field, message };
}

describe('refusals', () => {
  it('names start when it is not before the end, and duration when the range runs past it', async () => {
    expect(await refusal(trim(clip, 4, 1))).toMatchObject({
      status: 400,
      field: 'start',
      message: expect.stringContaining('not before the end'),
    });
    expect(await refusal(trim(clip, 3, 2))).toMatchObject({
      status: 400,
      field: 'duration',
      message: expect.stringContaining('runs past the end'),
    });
  });

  it('refuses a still image and unreadable media, naming the source', async () => {
    expect(await refusal(trim(await makePng(path.join(dir, 'still.png')), 0, 1))).toMatchObject({
      status: 400,
      field: 'file',
      message: expect.stringContaining('still image'),
    });
    expect(await refusal(trim(corruptGif(path.join(dir, 'corrupt.gif')), 0, 1))).toMatchObject({ status: 400, field: 'file' });
    fs.writeFileSync(path.join(dir, 'text.gif'), 'not an image at all');
    expect(await refusal(trim(path.join(dir, 'text.gif'), 0, 1))).toMatchObject({ status: 415, field: 'file' });
  });
});

describe('media_url', () => {
  const context = (mediaHosts: string[] = [], urlAllow: string[] = [], access: MediaAccess = 'public') => ({
    mediaDir: dir,
    ownOrigins: ['http://127.0.0.1:9'],
    settings: { mediaHosts, urlAllow },
    access: async () => access,
    scratch: path.join(dir, `fetched-${n++}`),
  });

  it('reads this server’s media from disk, by path or by its own origin', async () => {
    fs.mkdirSync(path.join(dir, 'abc'), { recursive: true });
    fs.copyFileSync(clip, path.join(dir, 'abc', 'giphy.mp4'));
    expect(await sourceFile({ mediaUrl: '/media/abc/giphy.mp4' }, context())).toEqual({
      file: path.join(dir, 'abc', 'giphy.mp4'),
      filename: 'giphy.mp4',
    });
    expect((await sourceFile({ mediaUrl: 'http://127.0.0.1:9/media/abc/giphy.mp4' }, context())).file).toBe(
      path.join(dir, 'abc', 'giphy.mp4'),
    );
  });

  it('refuses paths outside the media folder, missing files, other hosts and private addresses', async () => {
    for (const url of ['/media/../clip.mp4', '/media/abc/%2e%2e/x.gif', '/etc/passwd', '/media/abc/.tmp-giphy.gif']) {
      expect(await refusal(sourceFile({ mediaUrl: url }, context())), url).toMatchObject({ status: 400, field: 'media_url' });
    }
    expect(await refusal(sourceFile({ mediaUrl: '/media/nothing/giphy.gif' }, context()))).toMatchObject({
      status: 404,
      field: 'media_url',
    });
    for (const url of [
      '//elsewhere.example/media/abc/giphy.mp4',
      'http://127.0.0.1:10/media/abc/giphy.mp4',
      'http://10.0.0.1/a.gif',
      'https://elsewhere.example/a.gif',
      'file:///etc/passwd',
      'ftp://x/a.gif',
    ]) {
      expect(await refusal(sourceFile({ mediaUrl: url }, context())), url).toMatchObject({ status: 400, field: 'media_url' });
    }
    // Only media anyone may open: the media door's status, a 404 worded as for a missing file.
    expect(await refusal(sourceFile({ mediaUrl: '/media/abc/giphy.mp4' }, context([], [], 451)))).toMatchObject({
      status: 451,
      field: 'media_url',
    });
    expect(await refusal(sourceFile({ mediaUrl: '/media/abc/giphy.mp4' }, context([], [], 404)))).toMatchObject({
      status: 404,
      field: 'media_url',
      message: 'media_url names no media file of this server',
    });
    // A configured host is fetched as a hostile source: a name resolving to loopback is refused.
    expect(await refusal(sourceFile({ mediaUrl: 'http://localhost:10/a.gif' }, context(['localhost'])))).toMatchObject({
      status: 400,
      field: 'media_url',
      message: expect.stringContaining('not a public address'),
    });
  });
});
