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
