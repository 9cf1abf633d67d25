import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { FFMPEG_CHECK_TIMEOUT_MS, FFMPEG_MIN_VERSION, FFMPEG_REQUIRED_ENCODERS } from './constants.ts';

/**
 * Which ffmpeg runs depends on whose bytes it reads. Untrusted bytes (uploads, fetched URLs, trims
 * and renders of any file) go only to a maintained ffmpeg found at start: FFMPEG_PATH, or `ffmpeg`
 * on PATH (Debian's package, with security updates). Frames this server drew itself (the demo
 * seed, text stickers) are encoded by the static build npm installs (@ffmpeg-installer, from 2018),
 * so `npm start` shows its corpus on a machine without a system ffmpeg; that build never parses a
 * file someone sent.
 */
export type Decoder = { ffmpeg: string; version: string } | { ffmpeg: null; refusal: string; reason: string };

const run = promisify(execFile);

/** The bundled static ffmpeg, for frames the server drew itself only. */
export function trustedFfmpeg(): string {
  const binary = ffmpegInstaller.path;
  // npm 11 may skip the package's chmod postinstall; the binary must still run.
  if ((fs.statSync(binary).mode & 0o111) === 0) fs.chmodSync(binary, 0o755);
  return binary;
}

/** The maintained ffmpeg for untrusted bytes; without one the work is refused (503) with the decoder's reason. */
export function untrustedFfmpeg(decoder: Decoder): string {
  if (decoder.ffmpeg === null) throw new DecoderMissing(decoder.refusal);
  return decoder.ffmpeg;
}

/** Work on untrusted bytes asked for while no maintained ffmpeg was found at start. */
export class DecoderMissing extends Error {
  readonly status = 503;
  constructor(message: string) {
    super(message);
    this.name = 'DecoderMissing';
  }
}

/** "5.1.9-0+deb12u1" → {major 5, minor 1}; release tags ("n6.0") too; a git build ("N-47683-g…") says none. */
export function parseFfmpegVersion(versionOutput: string): { major: number; minor: number; text: string } | null {
  const m = /^ffmpeg version n?(\d+)\.(\d+)(\S*)/m.exec(versionOutput);
  return m ? { major: Number(m[1]), minor: Number(m[2]), text: `${m[1]}.${m[2]}${m[3]}` } : null;
}

export const minVersionText = `${FFMPEG_MIN_VERSION.major}.${FFMPEG_MIN_VERSION.minor}`;
const refusal = (found: string) =>
  `Uploads and trims are off on this server: decoding them needs ffmpeg ${minVersionText} or newer from the system's packages (apt-get install ffmpeg); found ${found}`;

/**
 * Looks for the maintained ffmpeg once, at start: `configured` (FFMPEG_PATH) or `ffmpeg` on PATH,
 * at least FFMPEG_MIN_VERSION and with the encoders the pipeline uses. The answer says what was
 * found either way: `refusal` for callers, `reason` (with the path) for the server's log.
 */
export async function findDecoder(configured: string | undefined): Promise<Decoder> {
  const binary = configured ?? 'ffmpeg';
  const refuse = (found: string, reason: string): Decoder => ({ ffmpeg: null, refusal: refusal(found), reason });
  let output: string;
  try {
    output = (await run(binary, ['-hide_banner', '-version'], { timeout: FFMPEG_CHECK_TIMEOUT_MS })).stdout;
  } catch (err) {
    return refuse('none', `${binary} cannot be run (${(err as NodeJS.ErrnoException).code ?? 'failed'})`);
  }
  const version = parseFfmpegVersion(output);
  if (!version)
    return refuse('an ffmpeg that does not say its version', `${binary} does not say its version (${output.split('\n')[0]?.slice(0, 80)})`);
  const { major, minor } = FFMPEG_MIN_VERSION;
  if (version.major < major || (version.major === major && version.minor < minor))
    return refuse(`ffmpeg ${version.text}`, `${binary} is ffmpeg ${version.text}, older than ${minVersionText}`);
  const encoders = (await run(binary, ['-hide_banner', '-encoders'], { timeout: FFMPEG_CHECK_TIMEOUT_MS })).stdout;
  const missing = FFMPEG_REQUIRED_ENCODERS.filter((name) => !new RegExp(`^ \\S+ ${name} `, 'm').test(encoders));
  if (missing.length)
    return refuse(
      `ffmpeg ${version.text} without ${missing.join(', ')}`,
      `${binary} (ffmpeg ${version.text}) lacks the encoders ${missing.join(', ')}`,
    );
  return { ffmpeg: binary, version: version.text };
}
