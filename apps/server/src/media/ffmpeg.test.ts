/**
 * ffmpeg bounds itself: when the timer that would kill it cannot fire (its process killed, its worker
 * thread terminated, its event loop stuck), ffmpeg still stops within its CPU limit instead of
 * encoding on for minutes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuSecondsFor } from './ffmpeg.ts';
import { trustedFfmpeg } from './ffmpeg-binary.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A Node process that starts, through runFfmpeg with a 1 s timeout, an encode of ten minutes of 720p
 * video (minutes of work), then blocks its own event loop so that timeout never fires.
 */
const STARTER = `
import { runFfmpeg } from './apps/server/src/media/ffmpeg.ts';
const args = ['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-t', '600', '-c:v', 'libx264', '-preset', 'medium', '-f', 'null', '-'];
runFfmpeg(process.argv[1], args, undefined, 1000);
setTimeout(() => { for (;;); }, 100);
`;

const starters: number[] = [];
afterEach(() => {
  for (const pid of starters.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('runFfmpeg', () => {
  it('gives ffmpeg a CPU limit of the wall timeout on every core', () => {
    expect(cpuSecondsFor(60_000, 2)).toBe(120);
    expect(cpuSecondsFor(1500, 1)).toBe(2);
  });

  it('leaves no ffmpeg running when the timer that would kill it never fires', { timeout: 180_000 }, async () => {
    const starter = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', STARTER, trustedFfmpeg()], {
      stdio: 'ignore',
    });
    starters.push(starter.pid!);
    let ffmpegPid = 0;
    await expect
      .poll(
        () => {
          ffmpegPid = Number(
            execFileSync('ps', ['-o', 'pid=', '--ppid', String(starter.pid)], { encoding: 'utf8' })
              .trim()
              .split('\n')[0],
          );
          return ffmpegPid;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    // Its CPU limit (1 s on each core) ends it within seconds; the encode alone would run for minutes.
    await expect
      .poll(() => execFileSync('ps', ['-o', 'stat=', '-p', String(ffmpegPid)], { encoding: 'utf8' }).trim(), { timeout: 120_000 })
      .toMatch(/^(Z|)$/);
    expect(alive(starter.pid!)).toBe(true);
  });
});
