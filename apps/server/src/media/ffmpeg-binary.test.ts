/**
 * Which ffmpeg may decode untrusted bytes: the maintained one on this machine is found and its
 * version read; the bundled 2018 build, an absent path and an old version are refused, saying so.
 */
import { describe, expect, it } from 'vitest';
import { FFMPEG_MIN_VERSION } from './constants.ts';
import { findDecoder, parseFfmpegVersion, trustedFfmpeg } from './ffmpeg-binary.ts';

describe('parseFfmpegVersion', () => {
  it('reads distributions’ and release versions, and no version from a git build', () => {
    expect(parseFfmpegVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026')).toMatchObject({
      major: 5,
      minor: 1,
      text: '5.1.9-0+deb12u1',
    });
    expect(parseFfmpegVersion('ffmpeg version n6.0 Copyright')).toMatchObject({ major: 6, minor: 0 });
    expect(parseFfmpegVersion('ffmpeg version 4.4.2-0ubuntu0.22.04.1 Copyright')).toMatchObject({ major: 4, minor: 4 });
    expect(parseFfmpegVersion('ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/')).toBeNull();
  });
});

describe('findDecoder', () => {
  it(`finds the system's ffmpeg, ${FFMPEG_MIN_VERSION.major}.${FFMPEG_MIN_VERSION.minor} or newer, and never the bundled build`, async () => {
    const decoder = await findDecoder(process.env.FFMPEG_PATH);
    if (decoder.ffmpeg === null) throw new Error(decoder.reason);
    const version = parseFfmpegVersion(`ffmpeg version ${decoder.version}`)!;
    expect(version.major * 100 + version.minor).toBeGreaterThanOrEqual(FFMPEG_MIN_VERSION.major * 100 + FFMPEG_MIN_VERSION.minor);
    expect(decoder.ffmpeg).not.toBe(trustedFfmpeg());
  });

  it('refuses the bundled 2018 build, which does not say its version', async () => {
    const decoder = await findDecoder(trustedFfmpeg());
    expect(decoder.ffmpeg).toBeNull();
    expect(decoder).toMatchObject({
      refusal: expect.stringMatching(/needs ffmpeg 5\.1 or newer .*apt-get install ffmpeg.*found an ffmpeg that does not say its version/),
    });
  });

  it('refuses a path with nothing to run, naming none found', async () => {
    expect(await findDecoder('/nonexistent/ffmpeg')).toMatchObject({
      ffmpeg: null,
      refusal: expect.stringMatching(/found none$/),
      reason: expect.stringMatching(/ENOENT/),
    });
  });
});
