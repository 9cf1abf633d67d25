import { findDecoder, minVersionText, type Decoder } from '../../apps/server/src/media/ffmpeg-binary.ts';

/**
 * The maintained ffmpeg the upload pipeline decodes with, as `npm start` finds it (FFMPEG_PATH, or
 * `ffmpeg` on PATH). Like Chromium for the browser suites, it must be installed: without it this
 * fails saying how to get it, rather than letting upload tests fail one by one.
 */
export async function maintainedDecoder(): Promise<Extract<Decoder, { version: string }>> {
  const decoder = await findDecoder(process.env.FFMPEG_PATH);
  if (decoder.ffmpeg === null)
    throw new Error(
      `The tests need ffmpeg ${minVersionText} or newer (Debian: apt-get install ffmpeg; .ci/run installs it): ${decoder.reason}`,
    );
  return decoder;
}

/** What a decoder or encoder writes when it fails: never part of an answer or a message an uploader reads. */
export const DECODER_WORDS = /ffmpeg failed|libav|libwebp|\[\w+ @ 0x|Error while|Invalid data|Invalid NAL|Picture size|exit \d/i;
