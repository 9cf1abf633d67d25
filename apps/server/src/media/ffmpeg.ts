import { spawn } from 'node:child_process';
import fs from 'node:fs';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const FFMPEG_TIMEOUT_MS = 60_000;

export function ffmpegPath(): string {
  const binary = ffmpegInstaller.path;
  // npm 11 may skip the package's chmod postinstall; the binary must still run.
  if ((fs.statSync(binary).mode & 0o111) === 0) fs.chmodSync(binary, 0o755);
  return binary;
}

/** Runs ffmpeg (never reading the terminal), feeding `input` on stdin; rejects with its stderr tail on failure or timeout. */
export function runFfmpeg(args: readonly string[], input?: Buffer, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
    if (input && child.stdin) {
      child.stdin.on('error', () => {}); // EPIPE when ffmpeg exits early; 'close' reports the cause
      child.stdin.end(input);
    }
  });
}

/** What ffmpeg says about a file's container and streams (its banner on stderr), read without decoding it. */
export function ffmpegInfo(file: string, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-hide_banner', '-i', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64_000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    // Without an output ffmpeg exits 1 after printing what it read: the banner is the answer either way.
    child.on('close', () => {
      clearTimeout(timer);
      resolve(stderr);
    });
  });
}

/**
 * Runs ffmpeg writing to stdout and collects what it writes, refusing (and killing ffmpeg) past
 * `maxBytes`: the caller knows how much decoded output to expect and never holds more.
 */
export function runFfmpegToBuffer(args: readonly string[], maxBytes: number, timeoutMs = FFMPEG_TIMEOUT_MS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        overflow = true;
        child.kill('SIGKILL');
      } else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (overflow) reject(new Error(`ffmpeg wrote more than the ${maxBytes} bytes expected`));
      else if (code === 0) resolve(Buffer.concat(chunks, size));
      else reject(new Error(`ffmpeg failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`));
    });
  });
}
