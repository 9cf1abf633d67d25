/**
 * The processing of one upload, format by format and limit by limit, with fixtures ffmpeg and sharp
 * make here: what is accepted becomes GIPHY's rendition set; what is hostile is refused with the
 * problem named, before any frame is decoded where the headers already tell.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corruptClip,
  corruptGif,
  gifBomb,
  makeApng,
  makeClip,
  makeGif,
  makePng,
  makePngBomb,
  makeStripPng,
  makeWebp,
  truncated,
} from '../../../../tests/support/media-fixtures.ts';
import { UPLOAD_LIMIT_DEFAULTS, UPLOAD_MAX_ASPECT_RATIO, type UploadLimits } from './constants.ts';
import { processOutcome, type ProcessOutcome } from './process.ts';
import type { Decoder } from '../media/ffmpeg-binary.ts';
import { DECODER_WORDS, maintainedDecoder } from '../../../../tests/support/decoder.ts';

let dir: string;
let decoder: Decoder;
beforeAll(async () => {
  decoder = await maintainedDecoder();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-process-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
const run = (
  input: string,
  filename = path.basename(input),
  limits: UploadLimits = UPLOAD_LIMIT_DEFAULTS,
  asSticker = false,
  using: Decoder = decoder,
): Promise<ProcessOutcome> =>
  processOutcome({ input, filename, stagingDir: path.join(dir, `out-${n++}`), limits, asSticker, decoder: using });
const ok = async (outcome: Promise<ProcessOutcome>) => {
  const o = await outcome;
  if (!o.ok) throw new Error(`refused: ${o.code}: ${o.message}`);
  return o.result;
};
const refused = async (outcome: Promise<ProcessOutcome>) => {
  const o = await outcome;
  if (o.ok) throw new Error('accepted');
  return o;
};

describe('formats', () => {
  it('a GIF becomes the full rendition set', async () => {
    const r = await ok(run(await makeGif(path.join(dir, 'a.gif'), { seconds: 2 })));
    expect(r.type).toBe('gif');
    expect(r.probe).toMatchObject({ kind: 'gif', width: 320, height: 240, frames: 20 });
    expect(r.images.original).toMatchObject({ width: 320, height: 240 });
    for (const name of ['original', 'fixed_height', 'fixed_width', 'fixed_height_small', 'fixed_width_small']) {
      expect(r.images[name]?.gif?.size, name).toBeGreaterThan(0);
      expect(r.images[name]?.mp4?.size, name).toBeGreaterThan(0);
      expect(r.images[name]?.webp?.size, name).toBeGreaterThan(0);
      expect(r.images[name]?.still?.size, name).toBeGreaterThan(0);
    }
    expect(r.images.hd?.mp4).toBeDefined();
    expect(r.video).toBeNull();
    expect(r.features).toHaveLength(97);
  });

  it('an animated WebP sticker keeps its transparency', async () => {
    const r = await ok(run(await makeWebp(path.join(dir, 'a.webp')), 'a.webp', UPLOAD_LIMIT_DEFAULTS, true));
    expect(r).toMatchObject({ type: 'sticker', transparent: true, probe: { kind: 'webp', frames: 6 } });
    expect(r.images.original?.frames).toBe(6);
  });

  it('an APNG and a still PNG keep their transparency', async () => {
    const apng = await ok(run(await makeApng(path.join(dir, 'a.png'))));
    expect(apng).toMatchObject({ transparent: true, probe: { kind: 'apng', frames: 6 } });
    const png = await ok(run(await makePng(path.join(dir, 'still.png')), 'still.png', UPLOAD_LIMIT_DEFAULTS, true));
    expect(png).toMatchObject({ type: 'sticker', transparent: true, probe: { kind: 'png', frames: 1 } });
  });

  it('an MP4 with sound becomes a video with its sound kept', async () => {
    const r = await ok(run(await makeClip(path.join(dir, 'sound.mp4'), { seconds: 2, audio: true })));
    expect(r).toMatchObject({ type: 'video', probe: { kind: 'mp4', hasAudio: true, width: 640, height: 360 } });
    expect(r.video?.assets['360p']).toMatchObject({ file: 'video.mp4', width: 640, height: 360 });
    expect(r.images.original).toMatchObject({ width: 480, height: 270 });
  });

  it('a silent short MOV and WebM become GIFs with their video kept', async () => {
    for (const name of ['clip.mov', 'clip.webm']) {
      const r = await ok(run(await makeClip(path.join(dir, name), { seconds: 1 })));
      expect(r.type, name).toBe('gif');
      expect(r.probe.kind, name).toBe(name.endsWith('.mov') ? 'mov' : 'webm');
      expect(r.video?.duration, name).toBeCloseTo(1, 0);
    }
  });

  it('a silent clip longer than the clip threshold is a video', async () => {
    const r = await ok(run(await makeClip(path.join(dir, 'long.mp4'), { seconds: 16, size: '160x90', rate: 5 })));
    expect(r.type).toBe('video');
  });
});

describe('limits and hostile files', () => {
  it('refuses an empty file', async () => {
    const file = path.join(dir, 'empty.gif');
    fs.writeFileSync(file, '');
    expect(await refused(run(file))).toMatchObject({ code: 'empty', message: 'The file is empty (0 bytes)' });
  });

  it('refuses a file over the byte limit', async () => {
    const file = await makeGif(path.join(dir, 'big.gif'));
    const o = await refused(run(file, 'big.gif', { ...UPLOAD_LIMIT_DEFAULTS, maxBytes: 1000 }));
    expect(o.code).toBe('too_large');
    expect(o.message).toMatch(/the limit is 1000 bytes/);
  });

  it('refuses a GIF over the duration, frame and pixel limits', async () => {
    const file = await makeGif(path.join(dir, 'limits.gif'), { seconds: 2 });
    expect((await refused(run(file, 'limits.gif', { ...UPLOAD_LIMIT_DEFAULTS, maxDurationS: 1 }))).code).toBe('too_long');
    expect((await refused(run(file, 'limits.gif', { ...UPLOAD_LIMIT_DEFAULTS, maxFrames: 10 }))).message).toBe(
      'The file has 20 frames; the limit is 10',
    );
    expect((await refused(run(file, 'limits.gif', { ...UPLOAD_LIMIT_DEFAULTS, maxPixels: 10_000 }))).code).toBe('too_many_pixels');
  });

  it('refuses a clip over the duration limit', async () => {
    const file = await makeClip(path.join(dir, 'limit.mp4'), { seconds: 3, size: '160x90' });
    expect(await refused(run(file, 'limit.mp4', { ...UPLOAD_LIMIT_DEFAULTS, maxDurationS: 2 }))).toMatchObject({ code: 'too_long' });
  });

  it('refuses a truncated GIF, a truncated MP4 and a corrupt GIF', async () => {
    const gif = truncated(await makeGif(path.join(dir, 'whole.gif')), path.join(dir, 'cut.gif'));
    expect(await refused(run(gif))).toMatchObject({ code: 'truncated' });
    const mp4 = truncated(await makeClip(path.join(dir, 'whole.mp4')), path.join(dir, 'cut.mp4'), 0.6);
    expect((await refused(run(mp4))).code).toMatch(/truncated|corrupt/);
    expect(await refused(run(corruptGif(path.join(dir, 'noise.gif'))))).toMatchObject({ code: 'corrupt' });
  });

  it('refuses a name that promises another format, and a file that is no supported format', async () => {
    const gif = await makeGif(path.join(dir, 'real.gif'));
    const misnamed = path.join(dir, 'clip.mp4');
    fs.copyFileSync(gif, misnamed);
    expect(await refused(run(misnamed))).toMatchObject({
      code: 'wrong_extension',
      message: 'The file is named .mp4 but is a GIF: its name and content disagree',
    });
    const text = path.join(dir, 'notes.gif');
    fs.writeFileSync(text, 'hello, these are not pixels');
    expect(await refused(run(text))).toMatchObject({ code: 'unsupported_type' });
  });

  it('refuses decompression bombs before decoding them', async () => {
    const gif = await refused(run(await gifBomb(dir)));
    expect(gif.code).toBe('decompression_bomb');
    expect(gif.message).toMatch(/30000×30000/);
    const png = await refused(run(await makePngBomb(path.join(dir, 'bomb.png'))));
    expect(png.code).toBe('decompression_bomb');
    expect(png.message).toMatch(/20000×20000/);
  });
});

describe('decoder output stays in the log', () => {
  it('refuses a 65535×1 PNG in its own words, before any rendition is made', async () => {
    const o = await refused(run(await makeStripPng(path.join(dir, 'strip.png'), 65535, 1)));
    expect(o).toMatchObject({
      code: 'extreme_shape',
      message: `The file is 65535×1 pixels; its longer side may be at most ${UPLOAD_MAX_ASPECT_RATIO} times its shorter`,
    });
    expect(o.message).not.toMatch(DECODER_WORDS);
  });

  it(`makes every rendition of a strip at the ${UPLOAD_MAX_ASPECT_RATIO}:1 limit, wide or tall`, async () => {
    for (const [w, h] of [
      [UPLOAD_MAX_ASPECT_RATIO * 40, 40],
      [40, UPLOAD_MAX_ASPECT_RATIO * 40],
    ] as const) {
      const r = await ok(run(await makeStripPng(path.join(dir, `strip-${w}x${h}.png`), w, h)));
      expect(Object.keys(r.images), `${w}×${h}`).toContain('fixed_height_small');
    }
  });

  it('keeps what a decoder said as the detail of a refusal, not its message', async () => {
    const o = await refused(run(await corruptClip(path.join(dir, 'noise.mp4'))));
    expect(o.code).toBe('corrupt');
    expect(o.message).not.toMatch(DECODER_WORDS);
    expect(o.detail).toMatch(/ffmpeg failed/);
  });

  it('refuses to decode without a maintained ffmpeg: the bundled one is never the fallback', async () => {
    const o = await refused(
      run(await makeGif(path.join(dir, 'no-decoder.gif')), 'no-decoder.gif', UPLOAD_LIMIT_DEFAULTS, false, {
        ffmpeg: null,
        refusal: 'Uploads are off',
        reason: 'none found',
      }),
    );
    expect(o).toMatchObject({ code: 'decoder_missing', message: 'Uploads are off' });
  });
});
