import fs from 'node:fs/promises';
import path from 'node:path';
import type { FrameStrip } from '../media/frame-strip.ts';
import { makeRenditions } from '../media/renditions.ts';
import { FieldError } from '../http/envelope.ts';
import { decodeUpload, segmentPlan } from '../uploads/decode.ts';
import { probeUpload } from '../uploads/probe.ts';
import { UploadProblem } from '../uploads/problems.ts';
import { TRIM_FORMATS, TRIM_SOURCE_LIMITS, TRIM_TIMEOUT_MS, type TrimFormat } from './constants.ts';

export interface TrimRequest {
  /** The source, a local file (received, fetched, or this server's media). */
  file: string;
  filename: string;
  /** The field the source came from, named in refusals (`file` or `media_url`). */
  field: 'file' | 'media_url';
  /** The maintained ffmpeg (media/ffmpeg-binary.ts): the source is anyone's file. */
  ffmpeg: string;
  start: number;
  duration: number;
  format: TrimFormat;
  /** An empty folder the renditions are made in (the caller removes it). */
  workDir: string;
}

export interface Trimmed {
  bytes: Buffer;
  type: string;
  frames: number;
  /** Seconds, as the frames' delays add up. */
  duration: number;
  width: number;
  height: number;
}

/** Seconds with at most millisecond precision, as messages and headers show them. */
const seconds = (s: number) => String(Math.round(s * 1000) / 1000);

/** The segment of a source from `start` lasting `duration`, decoded within the rendition budget; a range outside the source is refused naming `start` or `duration`. */
export async function decodeSegment(
  r: Omit<TrimRequest, 'format' | 'workDir'>,
  names = { start: 'start', duration: 'duration' },
): Promise<FrameStrip> {
  const probe = await probeUpload(r.file, r.filename, TRIM_SOURCE_LIMITS, r.ffmpeg).catch((err: unknown) => {
    throw err instanceof UploadProblem ? new FieldError(err.status, r.field, err.message) : err;
  });
  if (probe.frames <= 1) throw new FieldError(400, r.field, 'The media is a still image: there is nothing to trim');
  if (r.start >= probe.durationS)
    throw new FieldError(
      400,
      names.start,
      `${names.start} (${seconds(r.start)} s) is not before the end of the media (${seconds(probe.durationS)} s)`,
    );
  // A frame's worth of slack: a clip's declared duration is rounded, and a last frame may end just short.
  if (r.start + r.duration > probe.durationS + 1 / probe.fps) {
    throw new FieldError(
      400,
      names.duration,
      `start + duration (${seconds(r.start + r.duration)} s) runs past the end of the media (${seconds(probe.durationS)} s)`,
    );
  }
  const duration = Math.min(r.duration, probe.durationS - r.start);
  return decodeUpload(r.file, probe, segmentPlan(probe, r.start, duration), r.ffmpeg).catch((err: unknown) => {
    throw err instanceof UploadProblem ? new FieldError(err.status, r.field, err.message) : err;
  });
}

/** Frames made into one file of the asked format by the media pipeline, at their own size. */
export async function encodeStrip(strip: FrameStrip, format: TrimFormat, workDir: string, ffmpeg: string): Promise<Trimmed> {
  const images = await makeRenditions(strip, workDir, { ffmpeg, timeoutMs: TRIM_TIMEOUT_MS, originalOnly: true });
  const original = images.original!;
  const { file, type } = TRIM_FORMATS[format];
  return {
    bytes: await fs.readFile(path.join(workDir, file)),
    type,
    frames: strip.frames,
    duration: (strip.frames * strip.delayMs) / 1000,
    width: original.width,
    height: original.height,
  };
}

/**
 * Cuts `duration` seconds from `start` out of an animation or clip and makes it a new GIF, MP4 or
 * WebP with the media pipeline: the source is checked like any upload (uploads/probe.ts), the
 * segment decoded within the rendition budget (uploads/decode.ts) and encoded at its own size
 * (media/renditions.ts).
 */
export async function trimMedia(r: TrimRequest): Promise<Trimmed> {
  return encodeStrip(await decodeSegment(r), r.format, r.workDir, r.ffmpeg);
}
