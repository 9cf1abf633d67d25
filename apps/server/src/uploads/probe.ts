import fs from 'node:fs/promises';
import sharp from 'sharp';
import { ffmpegInfo } from '../media/ffmpeg.ts';
import { IMAGE_MAX_DECODED_PIXELS, UPLOAD_MAX_ASPECT_RATIO, type UploadLimits } from './constants.ts';
import { readGifStructure } from './gif-structure.ts';
import { readPngStructure } from './png-structure.ts';
import { humanBytes } from '../boundary/human-bytes.ts';
import { UploadProblem } from './problems.ts';
import { checkExtension, isClip, KIND_NAMES, sniffKind, SNIFF_BYTES, type MediaKind } from './sniff.ts';

/** What an upload is, read from its headers and structure before a single frame is decoded. */
export interface Probe {
  kind: MediaKind;
  bytes: number;
  width: number;
  height: number;
  frames: number;
  durationS: number;
  /** Frames a second as the file plays (an estimate for variable-rate clips). */
  fps: number;
  hasAudio: boolean;
}

/** A ratio of declared decoded bytes to file bytes past which a refused size is called a decompression bomb. */
const BOMB_RATIO = 100;

async function head(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads ffmpeg's banner: container duration, the first video stream's size and rate, whether any audio stream exists. */
export function parseFfmpegBanner(
  banner: string,
): { width: number; height: number; fps: number; durationS: number | null; hasAudio: boolean } | null {
  const video = /Stream #\d+:\d+[^:]*: Video: [^\n]*?, (\d{1,6})x(\d{1,6})[^\n]*/.exec(banner);
  if (!video) return null;
  const rate = /(\d+(?:\.\d+)?) fps/.exec(video[0]) ?? /(\d+(?:\.\d+)?)k? tbr/.exec(video[0]);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(banner);
  return {
    width: Number(video[1]),
    height: Number(video[2]),
    fps: rate ? Number(rate[1]) : 25,
    durationS: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    hasAudio: /Stream #\d+:\d+[^:]*: Audio: /.test(banner),
  };
}

async function clipProbe(ffmpeg: string, file: string, kind: MediaKind): Promise<Omit<Probe, 'kind' | 'bytes'>> {
  const banner = await ffmpegInfo(ffmpeg, file);
  if (/moov atom not found|Invalid data found when processing input|End of file/i.test(banner) && !/Stream #/.test(banner)) {
    throw new UploadProblem('truncated', `The ${kind.toUpperCase()} is truncated or corrupt: its index cannot be read`);
  }
  const info = parseFfmpegBanner(banner);
  if (!info) throw new UploadProblem('corrupt', `The ${kind.toUpperCase()} has no video stream that can be read`);
  if (info.durationS === null) throw new UploadProblem('corrupt', `The ${kind.toUpperCase()} does not say how long it is`);
  return {
    width: info.width,
    height: info.height,
    fps: info.fps,
    durationS: info.durationS,
    frames: Math.ceil(info.durationS * info.fps),
    hasAudio: info.hasAudio,
  };
}

async function imageProbe(file: string, kind: MediaKind): Promise<Omit<Probe, 'kind' | 'bytes'>> {
  if (kind === 'gif' || kind === 'png' || kind === 'apng') {
    const s = kind === 'gif' ? readGifStructure(await fs.readFile(file)) : readPngStructure(await fs.readFile(file));
    const durationS = s.durationMs / 1000;
    return {
      width: s.width,
      height: s.height,
      frames: s.frames,
      durationS,
      fps: s.frames > 1 && durationS > 0 ? s.frames / durationS : 1,
      hasAudio: false,
    };
  }
  // WebP: libvips reads the header (size, pages, delays) without decoding a frame.
  const meta = await sharp(file, { animated: true, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new UploadProblem('corrupt', 'The WebP is corrupt: its header cannot be read');
    });
  const frames = meta.pages ?? 1;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const durationS = (meta.delay ?? []).reduce((sum, d) => sum + (d > 10 ? d : 100), 0) / 1000;
  return { width: meta.width ?? 0, height, frames, durationS, fps: frames > 1 && durationS > 0 ? frames / durationS : 1, hasAudio: false };
}

/**
 * Checks an upload that is hostile until proved otherwise: not empty, within the byte limit, a
 * supported format by content (and by name, if its name says), then its declared size, frame count
 * and duration within their limits, all before any frame is decoded. A file declaring far more
 * pixels than its bytes could honestly hold is named a decompression bomb. `ffmpeg` is the
 * maintained one (media/ffmpeg-binary.ts): it reads clips' headers.
 */
export async function probeUpload(file: string, filename: string, limits: UploadLimits, ffmpeg: string): Promise<Probe> {
  const { size: bytes } = await fs.stat(file);
  if (bytes === 0) throw new UploadProblem('empty', 'The file is empty (0 bytes)');
  if (bytes > limits.maxBytes)
    throw new UploadProblem('too_large', `The file is ${humanBytes(bytes)}; the limit is ${humanBytes(limits.maxBytes)}`);
  const kind = sniffKind(await head(file));
  checkExtension(filename, kind);
  const probe: Probe = { kind, bytes, ...(isClip(kind) ? await clipProbe(ffmpeg, file, kind) : await imageProbe(file, kind)) };
  if (probe.width === 0 || probe.height === 0) throw new UploadProblem('corrupt', `The file claims to be ${KIND_NAMES[kind]} of no size`);
  const pixels = probe.width * probe.height;
  if (pixels > limits.maxPixels) {
    const declared = pixels * 4 * (isClip(kind) ? 1 : probe.frames);
    const what = `${probe.width}×${probe.height} pixels a frame (${(pixels / 1e6).toFixed(1)} MP); the limit is ${(limits.maxPixels / 1e6).toFixed(1)} MP`;
    if (declared > bytes * BOMB_RATIO)
      throw new UploadProblem(
        'decompression_bomb',
        `The file is a decompression bomb: ${humanBytes(bytes)} that would decode to ${humanBytes(declared)}, ${what}`,
      );
    throw new UploadProblem('too_many_pixels', `The file has ${what}`);
  }
  // The fixed-size renditions scale the short side to 100 or 200 px: a strip of a file would make the long side thousands wide.
  const ratio = Math.max(probe.width, probe.height) / Math.min(probe.width, probe.height);
  if (ratio > UPLOAD_MAX_ASPECT_RATIO)
    throw new UploadProblem(
      'extreme_shape',
      `The file is ${probe.width}×${probe.height} pixels; its longer side may be at most ${UPLOAD_MAX_ASPECT_RATIO} times its shorter`,
    );
  const decoded = pixels * probe.frames;
  if (!isClip(kind) && decoded > IMAGE_MAX_DECODED_PIXELS) {
    const what = `${probe.frames} frames of ${probe.width}×${probe.height} are ${(decoded / 1e9).toFixed(1)} gigapixels to decode; the limit is ${IMAGE_MAX_DECODED_PIXELS / 1e9}`;
    if (decoded * 4 > bytes * BOMB_RATIO)
      throw new UploadProblem('decompression_bomb', `The file is a decompression bomb: ${humanBytes(bytes)} declaring ${what}`);
    throw new UploadProblem('too_many_frames', `The file has ${what}`);
  }
  if (probe.frames > limits.maxFrames)
    throw new UploadProblem('too_many_frames', `The file has ${probe.frames} frames; the limit is ${limits.maxFrames}`);
  if (probe.durationS > limits.maxDurationS)
    throw new UploadProblem('too_long', `The file runs ${probe.durationS.toFixed(1)} s; the limit is ${limits.maxDurationS} s`);
  return probe;
}
