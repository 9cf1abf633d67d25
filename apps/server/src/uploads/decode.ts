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

function asProblem(kind: string, err: unknown): UploadProblem {
  const text = err instanceof Error ? err.message : String(err);
  if (/truncat|premature|end of file|unexpected end|EOF|partial file/i.test(text)) return new UploadProblem('truncated', `The ${kind} is truncated: its frames end early`);
  return new UploadProblem('corrupt', `The ${kind} is corrupt: its frames cannot be decoded`);
}

/** GIF, APNG and clips decode in ffmpeg, resampled to the plan's rate and scaled on the way out. */
async function decodeWithFfmpeg(file: string, probe: Probe, plan: DecodePlan): Promise<Buffer> {
  const frameBytes = plan.width * plan.height * 4;
  const filters = plan.frames > 1 ? `fps=${plan.fps.toFixed(4)},` : '';
  return runFfmpegToBuffer(
    ['-xerror', '-t', String(Math.max(probe.durationS, 0.04) + 0.5), '-i', file, '-an', '-vf', `${filters}scale=${plan.width}:${plan.height}:flags=bicubic,format=rgba`, '-frames:v', String(plan.frames), '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
    frameBytes * plan.frames,
    120_000,
  );
}

/** WebP and still PNG decode in libvips; an animated WebP with more frames than the plan keeps every n-th. */
async function decodeWithSharp(file: string, probe: Probe, plan: DecodePlan): Promise<Buffer> {
  const options = { limitInputPixels: probe.width * probe.height * Math.max(1, probe.frames), failOn: 'truncated' } as const;
  const stride = probe.frames / plan.frames;
  if (probe.frames <= 1 || stride <= 1) {
    return sharp(file, { ...options, animated: probe.frames > 1 }).resize(plan.width, plan.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  }
  const kept: Buffer[] = [];
  const frameBytes = plan.width * plan.height * 4;
  for (let start = 0; start < probe.frames && kept.length < plan.frames; start += WEBP_PAGES_PER_CALL) {
    const pages = Math.min(WEBP_PAGES_PER_CALL, probe.frames - start);
    const chunk = await sharp(file, { ...options, page: start, pages }).resize(plan.width, plan.height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
    for (let i = 0; i < pages; i++) {
      if (Math.floor((start + i) / stride) >= kept.length && kept.length < plan.frames) kept.push(Buffer.from(chunk.subarray(i * frameBytes, (i + 1) * frameBytes)));
    }
  }
  return Buffer.concat(kept);
}

/** Decodes an upload into the media pipeline's input: RGBA frames at the plan's size and rate. */
export async function decodeUpload(file: string, probe: Probe, plan: DecodePlan): Promise<FrameStrip> {
  const viaSharp = probe.kind === 'webp' || probe.kind === 'png';
  const rgba = await (viaSharp ? decodeWithSharp(file, probe, plan) : decodeWithFfmpeg(file, probe, plan)).catch((err: unknown) => {
    throw asProblem(probe.kind.toUpperCase(), err);
  });
  const frameBytes = plan.width * plan.height * 4;
  const frames = Math.floor(rgba.length / frameBytes);
  if (frames === 0) throw new UploadProblem('corrupt', `The ${probe.kind.toUpperCase()} is corrupt: no frame could be decoded`);
  const used = rgba.length === frames * frameBytes ? rgba : rgba.subarray(0, frames * frameBytes);
  const durationMs = Math.max(probe.durationS * 1000, 40);
  return {
    width: plan.width,
    height: plan.height,
    frames,
    delayMs: frames > 1 ? Math.max(20, Math.round(durationMs / frames)) : 100,
    rgba: used,
    transparent: hasTransparency(used),
  };
}
