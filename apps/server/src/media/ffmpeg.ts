import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Running ffmpeg. Every call names the binary: `untrustedFfmpeg(decoder)` for anything derived
 * from bytes someone sent, `trustedFfmpeg()` for frames the server drew (ffmpeg-binary.ts).
 */

const FFMPEG_TIMEOUT_MS = 60_000;

/**
 * The CPU seconds ffmpeg may spend (its `-timelimit`, which the kernel enforces on ffmpeg itself): the
 * kill timer below lives in this process or in an upload's worker thread, and ffmpeg outlives a
 * server killed or a thread terminated mid-encode (CI once saw one run for 29 minutes). The limit
 * counts every thread's time, so it is the wall timeout on every core ffmpeg may use.
 */
export const cpuSecondsFor = (timeoutMs: number, cores = availableParallelism()) => Math.ceil((timeoutMs / 1000) * cores);

/** How an ffmpeg process ended, with the tail of what it wrote on stderr (at most `keep` characters). */
interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts ffmpeg (never reading the terminal) and settles when it exits: its stderr kept (the last
 * `keepStderr` characters, or the first when `keepStart`), killed past `timeoutMs`, a spawn error
 * rejected. `onStart` gets the child to feed or read before it ends.
 */
function watchFfmpeg(
  ffmpeg: string,
  args: readonly string[],
  o: { stdin: boolean; stdout: boolean; timeoutMs: number; keepStderr?: number; keepStart?: boolean },
  onStart?: (child: ChildProcess) => void,
): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-nostdin', '-hide_banner', '-timelimit', String(cpuSecondsFor(o.timeoutMs)), ...args], {
      stdio: [o.stdin ? 'pipe' : 'ignore', o.stdout ? 'pipe' : 'ignore', 'pipe'],
    });
    const keep = o.keepStderr ?? 4000;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (!o.keepStart) stderr = (stderr + chunk.toString()).slice(-keep);
      else if (stderr.length < keep) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stderr });
    });
    onStart?.(child);
  });
}

const failure = (ended: Ended) => new Error(`ffmpeg failed (${ended.signal ?? `exit ${ended.code}`}): ${ended.stderr.trim()}`);

/** Runs ffmpeg, feeding `input` on stdin; rejects with its stderr tail on failure or timeout. */
export async function runFfmpeg(ffmpeg: string, args: readonly string[], input?: Buffer, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<void> {
  const ended = await watchFfmpeg(
    ffmpeg,
    ['-loglevel', 'error', '-y', ...args],
    { stdin: Boolean(input), stdout: false, timeoutMs },
    (child) => {
      if (input && child.stdin) {
        child.stdin.on('error', () => {}); // EPIPE when ffmpeg exits early; 'close' reports the cause
        child.stdin.end(input);
      }
    },
  );
  if (ended.code !== 0) throw failure(ended);
}

/** What ffmpeg says about a file's container and streams (its banner on stderr), read without decoding it. */
export async function ffmpegInfo(ffmpeg: string, file: string, timeoutMs = 15_000): Promise<string> {
  // Without an output ffmpeg exits 1 after printing what it read: the banner is the answer either way.
  return (await watchFfmpeg(ffmpeg, ['-i', file], { stdin: false, stdout: false, timeoutMs, keepStderr: 64_000, keepStart: true })).stderr;
}

/**
 * Runs ffmpeg writing to stdout and collects what it writes, refusing (and killing ffmpeg) past
 * `maxBytes`: the caller knows how much decoded output to expect and never holds more.
 */
export async function runFfmpegToBuffer(
  ffmpeg: string,
  args: readonly string[],
  maxBytes: number,
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const ended = await watchFfmpeg(ffmpeg, ['-loglevel', 'error', ...args], { stdin: false, stdout: true, timeoutMs }, (child) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
  });
  if (overflow) throw new Error(`ffmpeg wrote more than the ${maxBytes} bytes expected`);
  if (ended.code !== 0) throw failure(ended);
  return Buffer.concat(chunks, size);
}
