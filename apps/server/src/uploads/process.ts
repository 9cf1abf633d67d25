import fs from 'node:fs/promises';
import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { DecoderMissing, untrustedFfmpeg, type Decoder } from '../media/ffmpeg-binary.ts';
import { makeRenditions } from '../media/renditions.ts';
import type { GifType, StoredImages, StoredVideo } from '../store/schema.ts';
import { stripFrames, visualFeatures } from '../tag-prediction/features.ts';
import { CLIP_VIDEO_AFTER_S, CLIP_VIDEO_MAX_HEIGHT, RENDITIONS_TIMEOUT_MS, type UploadLimits } from './constants.ts';
import { decodePlan, decodeUpload } from './decode.ts';
import { probeUpload, type Probe } from './probe.ts';
import { UploadProblem, type UploadProblemCode } from './problems.ts';
import { isClip } from './sniff.ts';

export interface ProcessTask {
  input: string;
  filename: string;
  /** Where the renditions are made; the caller moves it into place when the GIF is committed. */
  stagingDir: string;
  limits: UploadLimits;
  asSticker: boolean;
  /** The maintained ffmpeg found at start (media/ffmpeg-binary.ts); the bundled one never reads an upload. */
  decoder: Decoder;
  /** Receives `{progress}` (0–1) as the stages finish. */
  progress?: MessagePort;
}

export interface ProcessedUpload {
  type: GifType;
  probe: Probe;
  transparent: boolean;
  images: StoredImages;
  video: StoredVideo | null;
  features: number[];
}

/** What crosses the worker boundary: the result, or the problem as plain data. */
export type ProcessOutcome =
  | { ok: true; result: ProcessedUpload }
  | { ok: false; code: UploadProblemCode; message: string; detail?: string };

const VIDEO_FILE = 'video.mp4';

/** A clip's own video, kept beside the GIF renditions: H.264 at most 720p high, with its sound as AAC. */
async function keepVideo(ffmpeg: string, input: string, probe: Probe, dir: string): Promise<StoredVideo> {
  const height = Math.min(probe.height, CLIP_VIDEO_MAX_HEIGHT);
  const width = Math.max(2, Math.round((probe.width * height) / probe.height / 2) * 2);
  const evenHeight = Math.max(2, Math.round(height / 2) * 2);
  const tmp = path.join(dir, `.tmp-${VIDEO_FILE}`);
  const audio = probe.hasAudio ? ['-c:a', 'aac', '-b:a', '128k'] : ['-an'];
  await runFfmpeg(
    ffmpeg,
    [
      '-t',
      String(probe.durationS + 0.5),
      '-i',
      input,
      '-map',
      '0:v:0',
      ...(probe.hasAudio ? ['-map', '0:a:0'] : []),
      '-vf',
      `scale=${width}:${evenHeight}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-threads',
      '1',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      ...audio,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      tmp,
    ],
    undefined,
    180_000,
  );
  await fs.rename(tmp, path.join(dir, VIDEO_FILE));
  const { size } = await fs.stat(path.join(dir, VIDEO_FILE));
  return {
    duration: Math.round(probe.durationS * 100) / 100,
    assets: { [`${evenHeight}p`]: { file: VIDEO_FILE, width, height: evenHeight, size } },
  };
}

function typeOf(probe: Probe, asSticker: boolean): GifType {
  if (isClip(probe.kind) && (probe.hasAudio || probe.durationS > CLIP_VIDEO_AFTER_S)) return 'video';
  return asSticker ? 'sticker' : 'gif';
}

/**
 * One upload, start to finish, off the request path (a worker thread runs it): check it, decode it
 * within the rendition budget, make every rendition with the media pipeline (media/renditions.ts),
 * keep a clip's video, and describe its look for tag prediction. Nothing is visible until the
 * caller commits the result.
 */
export async function processUpload(task: ProcessTask): Promise<ProcessedUpload> {
  const report = (progress: number) => task.progress?.postMessage({ progress });
  const ffmpeg = untrustedFfmpeg(task.decoder);
  const probe = await probeUpload(task.input, task.filename, task.limits, ffmpeg);
  report(0.1);
  const strip = await decodeUpload(task.input, probe, decodePlan(probe), ffmpeg);
  report(0.35);
  const features = visualFeatures(stripFrames(strip));
  await fs.mkdir(task.stagingDir, { recursive: true });
  const images = await makeRenditions(strip, task.stagingDir, { ffmpeg, timeoutMs: RENDITIONS_TIMEOUT_MS }).catch((err: unknown) => {
    throw new UploadProblem('corrupt', 'The renditions could not be made from this file', err instanceof Error ? err.message : String(err));
  });
  report(0.8);
  const video = isClip(probe.kind) ? await keepVideo(ffmpeg, task.input, probe, task.stagingDir) : null;
  report(0.95);
  return { type: typeOf(probe, task.asSticker), probe, transparent: strip.transparent, images, video, features };
}

/** processUpload with its refusals turned into data, as a worker returns them. */
export async function processOutcome(task: ProcessTask): Promise<ProcessOutcome> {
  try {
    return { ok: true, result: await processUpload(task) };
  } catch (err) {
    if (err instanceof UploadProblem)
      return { ok: false, code: err.code, message: err.message, ...(err.detail ? { detail: err.detail } : {}) };
    if (err instanceof DecoderMissing) return { ok: false, code: 'decoder_missing', message: err.message };
    throw err;
  }
}
