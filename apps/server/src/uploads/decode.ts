import sharp from 'sharp';
import type { FrameStrip } from '../media/frame-strip.ts';
import { runFfmpegToBuffer } from '../media/ffmpeg.ts';
import { RENDITION_MAX_FPS, RENDITION_MAX_SIDE, RENDITION_MAX_TOTAL_PIXELS } from './constants.ts';
import type { Probe } from './probe.ts';
import { UploadProblem } from './problems.ts';

/** How a probed upload is decoded: the frame size, the rate and how many frames, within the rendition budget. */
export interface DecodePlan {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Decoding starts this far in (a trim); 0 or absent: from the first frame. */
  startS?: number;
}

/**
 * The plan for the part of an animation from `startS` lasting `durationS` (the imaging service's
 * trim): the same budget as a whole upload, spent on that part alone.
 */
export function segmentPlan(probe: Probe, startS: number, durationS: number): DecodePlan {
  const part = { ...probe, durationS, frames: Math.max(1, Math.min(probe.frames, Math.ceil(durationS * probe.fps))) };
  return { ...decodePlan(part), startS };
}

const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);
/** Frames decoded per sharp call when WebP frames are thinned out (libwebp decodes from the start each call). */
const WEBP_PAGES_PER_CALL = 64;

export function decodePlan(probe: Probe): DecodePlan {
  const scale = Math.min(1, RENDITION_MAX_SIDE / Math.max(probe.width, probe.height));
  const width = even(probe.width * scale);
  const height = even(probe.height * scale);
  if (probe.frames <= 1) return { width, height, fps: 1, frames: 1 };
  const durationS = Math.max(probe.durationS, 0.04);
  const budgetFps = RENDITION_MAX_TOTAL_PIXELS / (width * height * durationS);
  const fps = Math.max(1, Math.min(probe.fps, RENDITION_MAX_FPS, budgetFps));
  return { width, height, fps, frames: Math.max(1, Math.min(Math.round(durationS * fps), probe.frames)) };
}

function hasTransparency(rgba: Buffer): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! < 255) return true;
  return false;
}

/** A decoder's failure as our own words; what the decoder said is kept for the log only. */
function asProblem(kind: string, err: unknown): UploadProblem {
  const text = err instanceof Error ? err.message : String(err);
  if (/truncat|premature|end of file|unexpected end|EOF|partial file/i.test(text))
    return new UploadProblem('truncated', `The ${kind} is truncated: its frames end early`, text);
  return new UploadProblem('corrupt', `The ${kind} is corrupt: its frames cannot be decoded`, text);
}

/** GIF, APNG and clips decode in ffmpeg, resampled to the plan's rate and scaled on the way out. */
async function decodeWithFfmpeg(ffmpeg: string, file: string, probe: Probe, plan: DecodePlan): Promise<Buffer> {
  const frameBytes = plan.width * plan.height * 4;
  const filters = plan.frames > 1 ? `fps=${plan.fps.toFixed(4)},` : '';
  const seek = plan.startS ? ['-ss', plan.startS.toFixed(3)] : [];
  const span = plan.startS === undefined ? probe.durationS : plan.frames / plan.fps;
  return runFfmpegToBuffer(
    ffmpeg,
    [
      '-xerror',
      ...seek,
      '-t',
      String(Math.max(span, 0.04) + 0.5),
      '-i',
      file,
      '-an',
      '-vf',
      `${filters}scale=${plan.width}:${plan.height}:flags=bicubic,format=rgba`,
      '-frames:v',
      String(plan.frames),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      'pipe:1',
    ],
    frameBytes * plan.frames,
    120_000,
  );
}

/** WebP and still PNG decode in libvips; an animated WebP with more frames than the plan keeps every n-th. */
async function decodeWithSharp(file: string, probe: Probe, plan: DecodePlan): Promise<Buffer> {
  const options = { limitInputPixels: probe.width * probe.height * Math.max(1, probe.frames), failOn: 'truncated' } as const;
  // A trim keeps the pages from its start on (WebP pages are timed by the probe's average rate).
  const first = Math.min(probe.frames - 1, Math.floor((plan.startS ?? 0) * probe.fps));
  const available =
    plan.startS !== undefined ? Math.min(probe.frames - first, Math.ceil((plan.frames / plan.fps) * probe.fps)) : probe.frames;
  const stride = available / plan.frames;
  if (probe.frames <= 1 || (stride <= 1 && first === 0 && available === probe.frames)) {
    return sharp(file, { ...options, animated: probe.frames > 1 })
      .resize(plan.width, plan.height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer();
  }
  const kept: Buffer[] = [];
  const frameBytes = plan.width * plan.height * 4;
  for (let start = 0; start < available && kept.length < plan.frames; start += WEBP_PAGES_PER_CALL) {
    const pages = Math.min(WEBP_PAGES_PER_CALL, available - start);
    const chunk = await sharp(file, { ...options, page: first + start, pages })
      .resize(plan.width, plan.height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer();
    for (let i = 0; i < pages; i++) {
      if (Math.floor((start + i) / Math.max(stride, 1)) >= kept.length && kept.length < plan.frames)
        kept.push(Buffer.from(chunk.subarray(i * frameBytes, (i + 1) * frameBytes)));
    }
  }
  return Buffer.concat(kept);
}

/**
 * Decodes an upload into the media pipeline's input: RGBA frames at the plan's size and rate.
 * `ffmpeg` is the maintained one (media/ffmpeg-binary.ts): the file is anyone's.
 */
export async function decodeUpload(file: string, probe: Probe, plan: DecodePlan, ffmpeg: string): Promise<FrameStrip> {
  const viaSharp = probe.kind === 'webp' || probe.kind === 'png';
  const rgba = await (viaSharp ? decodeWithSharp(file, probe, plan) : decodeWithFfmpeg(ffmpeg, file, probe, plan)).catch((err: unknown) => {
    throw asProblem(probe.kind.toUpperCase(), err);
  });
  const frameBytes = plan.width * plan.height * 4;
  const frames = Math.floor(rgba.length / frameBytes);
  if (frames === 0) throw new UploadProblem('corrupt', `The ${probe.kind.toUpperCase()} is corrupt: no frame could be decoded`);
  const used = rgba.length === frames * frameBytes ? rgba : rgba.subarray(0, frames * frameBytes);
  const durationMs = Math.max((plan.startS === undefined ? probe.durationS : plan.frames / plan.fps) * 1000, 40);
  return {
    width: plan.width,
    height: plan.height,
    frames,
    delayMs: frames > 1 ? Math.max(20, Math.round(durationMs / frames)) : 100,
    rgba: used,
    transparent: hasTransparency(used),
  };
}
