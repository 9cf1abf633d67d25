/**
 * Upload processing throughput: a 5 s 480p clip and a 200-frame 480×360 GIF of about 2 MB, each
 * processed several times through the real path (the piscina worker pool running processUpload: checks, decode,
 * features, every rendition, a clip's kept video), one at a time as UPLOAD_CONCURRENCY=1 does.
 * Beside it, ffmpeg alone making the same animated renditions (gif, webp, mp4 at the original and
 * four fixed sizes, and the hd mp4; the clip's kept video too) straight from the file in one run.
 * Peak memory is this process (the worker thread included) plus its ffmpeg children. Both use the
 * maintained ffmpeg uploads are decoded by (FFMPEG_PATH, or `ffmpeg` on PATH: media/ffmpeg-binary.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../../apps/server/src/media/ffmpeg.ts';
import { renditionTargets } from '../../apps/server/src/media/renditions.ts';
import { RENDITION_MAX_FPS, RENDITION_MAX_SIDE, UPLOAD_LIMIT_DEFAULTS } from '../../apps/server/src/uploads/constants.ts';
import { createProcessingPool } from '../../apps/server/src/uploads/pool.ts';
import { makeClip, makeGif } from '../support/media-fixtures.ts';
import { maintainedDecoder } from '../support/decoder.ts';

const ROUNDS = 3;
/** Issue 33: a 200-frame 480×360 GIF is processed within this many times ffmpeg alone making the same renditions. */
const GIF_FRAMES = 200;
const TARGET_GIF_RATIO = 1.5;

/** Resident memory of this process and its children (ffmpeg), sampled until stopped; answers the peak in MB. */
function sampleMemory(): () => number {
  let peak = 0;
  const sample = () => {
    let children = 0;
    try {
      const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], { encoding: 'utf8' });
      children = out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) * 1024;
    } catch {
      /* no children right now */
    }
    peak = Math.max(peak, process.memoryUsage().rss + children);
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return peak / 1024 / 1024;
  };
}

/** ffmpeg alone: the same animated renditions (and a clip's kept video), from the file, in one run. */
async function ffmpegAlone(ffmpeg: string, input: string, width: number, height: number, clip: boolean, outDir: string): Promise<void> {
  const scale = Math.min(1, RENDITION_MAX_SIDE / Math.max(width, height));
  const targets = renditionTargets(Math.round(width * scale), Math.round(height * scale));
  const graph = [`[0:v]fps=${RENDITION_MAX_FPS},split=${targets.length + 1}${targets.map((_, i) => `[s${i}]`).join('')}[shd]`];
  const outputs: string[] = [];
  const mp4 = ['-c:v', 'libx264', '-preset', 'superfast', '-threads', '1', '-an'];
  targets.forEach((t, i) => {
    graph.push(
      `[s${i}]scale=${t.width}:${t.height},split=4[g${i}][pg${i}][w${i}][m${i}]`,
      `[pg${i}]palettegen=stats_mode=full[p${i}]`,
      `[g${i}][p${i}]paletteuse=dither=bayer:bayer_scale=3[gif${i}]`,
      `[m${i}]format=yuv420p[mp4${i}]`,
    );
    outputs.push('-map', `[gif${i}]`, '-c:v', 'gif', '-loop', '0', path.join(outDir, `${t.stem}.gif`));
    outputs.push(
      '-map',
      `[w${i}]`,
      '-c:v',
      'libwebp_anim',
      '-quality',
      '75',
      '-compression_level',
      '0',
      '-loop',
      '0',
      path.join(outDir, `${t.stem}.webp`),
    );
    outputs.push('-map', `[mp4${i}]`, ...mp4, '-crf', '26', path.join(outDir, `${t.stem}.mp4`));
  });
  graph.push(`[shd]scale=${targets[0]!.width}:${targets[0]!.height},format=yuv420p[hd]`);
  outputs.push('-map', '[hd]', ...mp4, '-crf', '18', path.join(outDir, 'giphy-hd.mp4'));
  if (clip)
    outputs.push(
      '-map',
      '0:v:0',
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
      '-an',
      path.join(outDir, 'video.mp4'),
    );
  await runFfmpeg(
    ffmpeg,
    ['-filter_complex_threads', '1', '-i', input, '-filter_complex', graph.join(';'), ...outputs],
    undefined,
    600_000,
  );
}

export async function benchUploads(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-upload-bench-'));
  const decoder = await maintainedDecoder();
  const pool = createProcessingPool(1);
  const lines = [
    `Upload processing, one at a time (UPLOAD_CONCURRENCY=1), ${ROUNDS} rounds each, against ffmpeg alone making the same renditions (ffmpeg ${decoder.version}, ${decoder.ffmpeg}):`,
  ];
  try {
    const clip = await makeClip(path.join(dir, 'clip.mp4'), { seconds: 5, size: '854x480', rate: 25 });
    // ffmpeg's test pattern compresses well: this many frames at this size make about 2 MB.
    const gif = await makeGif(path.join(dir, 'anim.gif'), { frames: GIF_FRAMES, size: '480x360', rate: 15 });
    const cases = [
      { name: '5 s 480p clip (H.264)', file: clip, width: 854, height: 480, clip: true, target: undefined },
      {
        name: `GIF ${(fs.statSync(gif).size / 1024 / 1024).toFixed(1)} MB (480×360, ${GIF_FRAMES} frames)`,
        file: gif,
        width: 480,
        height: 360,
        clip: false,
        target: TARGET_GIF_RATIO,
      },
    ];
    for (const c of cases) {
      const times: number[] = [];
      const stopMemory = sampleMemory();
      for (let round = 0; round < ROUNDS; round++) {
        const input = path.join(dir, `in-${round}${path.extname(c.file)}`);
        fs.copyFileSync(c.file, input);
        const started = performance.now();
        const outcome = await pool.run(
          {
            input,
            filename: path.basename(c.file),
            stagingDir: path.join(dir, `out-${round}`),
            limits: { ...UPLOAD_LIMIT_DEFAULTS },
            asSticker: false,
            decoder,
          },
          () => {},
        );
        times.push(performance.now() - started);
        if (!outcome.ok) throw new Error(`${c.name}: ${outcome.message}`);
        fs.rmSync(path.join(dir, `out-${round}`), { recursive: true, force: true });
      }
      const peak = stopMemory();
      const alone: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const out = fs.mkdtempSync(path.join(dir, 'ffmpeg-'));
        const started = performance.now();
        await ffmpegAlone(decoder.ffmpeg, c.file, c.width, c.height, c.clip, out);
        alone.push(performance.now() - started);
        fs.rmSync(out, { recursive: true, force: true });
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const ratio = mean(times) / mean(alone);
      const verdict = c.target === undefined ? '' : ` (target ≤ ${c.target.toFixed(1)}x: ${ratio <= c.target ? 'met' : 'MISSED'})`;
      lines.push(
        `  ${c.name.padEnd(40)} ${(mean(times) / 1000).toFixed(2)} s each, ${(60_000 / mean(times)).toFixed(1)} uploads/min, peak ${peak.toFixed(0)} MB;` +
          ` ffmpeg alone ${(mean(alone) / 1000).toFixed(2)} s (${ratio.toFixed(2)}x)${verdict}`,
      );
    }
  } finally {
    await pool.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
