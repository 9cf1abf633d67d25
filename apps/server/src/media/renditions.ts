import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { StoredImages } from '../store/schema.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { animated, firstFrame, resizeStrip, type FrameStrip } from './frame-strip.ts';

/** GIPHY's sized renditions: the name, the file stem GIPHY uses, and which side is fixed. */
const SIZED = [
  { name: 'fixed_height', stem: '200', side: 'height', px: 200 },
  { name: 'fixed_width', stem: '200w', side: 'width', px: 200 },
  { name: 'fixed_height_small', stem: '100', side: 'height', px: 100 },
  { name: 'fixed_width_small', stem: '100w', side: 'width', px: 100 },
] as const;

const STILL_480_WIDTH = 480;
const HD_STEM = 'giphy-hd';

interface Target {
  name: string;
  stem: string;
  width: number;
  height: number;
}

interface WrittenFile {
  file: string;
  size: number;
}

// H.264 in 4:2:0 needs even sides; every rendition uses them so gif, webp and mp4 share one size.
const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

export function renditionTargets(width: number, height: number): Target[] {
  const sized = SIZED.map((r) =>
    r.side === 'height'
      ? { name: r.name, stem: r.stem, width: even((width * r.px) / height), height: r.px }
      : { name: r.name, stem: r.stem, width: r.px, height: even((height * r.px) / width) },
  );
  return [{ name: 'original', stem: 'giphy', width: even(width), height: even(height) }, ...sized];
}

/**
 * Turns an animation into GIPHY's rendition set inside `outDir`: gif, webp and mp4 at the original
 * size and the four fixed sizes (one ffmpeg run), a still of each, an hd mp4 and a 480-wide jpg still.
 * Files are written under temporary names and renamed, so a crash never leaves a half-written rendition.
 * `ffmpeg` is the binary (ffmpeg-binary.ts: the maintained one when the frames came from an upload).
 * `timeoutMs` bounds the one ffmpeg run (ffmpeg.ts's default when absent); `originalOnly` makes the
 * original size alone (gif, webp, mp4 and its still: what the imaging service's trim answers with).
 */
export async function makeRenditions(
  strip: FrameStrip,
  outDir: string,
  o: { ffmpeg: string; timeoutMs?: number; originalOnly?: boolean },
): Promise<StoredImages> {
  await fs.mkdir(outDir, { recursive: true });
  const targets = renditionTargets(strip.width, strip.height).slice(0, o.originalOnly ? 1 : undefined);
  const [animations, stills, transparentGifs] = await Promise.all([
    encodeAnimations(o.ffmpeg, strip, targets, outDir, o.timeoutMs),
    encodeStills(strip, targets, outDir),
    strip.transparent ? encodeTransparentGifs(strip, targets, outDir) : ({} as Record<string, WrittenFile>),
  ]);

  const images: StoredImages = {};
  for (const t of targets) {
    images[t.name] = {
      width: t.width,
      height: t.height,
      gif: animations[`${t.stem}.gif`] ?? transparentGifs[`${t.stem}.gif`],
      webp: animations[`${t.stem}.webp`],
      mp4: animations[`${t.stem}.mp4`],
      still: stills[`${t.stem}_s.gif`],
    };
  }
  const original = images.original as NonNullable<StoredImages['original']>;
  original.frames = strip.frames;
  original.hash = createHash('md5')
    .update(await fs.readFile(path.join(outDir, 'giphy.gif')))
    .digest('hex');
  images.hd = { width: original.width, height: original.height, mp4: animations[`${HD_STEM}.mp4`] };
  const still480 = stills['480w_s.jpg'] as WrittenFile;
  images['480w_still'] = { width: STILL_480_WIDTH, height: even((strip.height * STILL_480_WIDTH) / strip.width), still: still480 };
  return images;
}

async function encodeAnimations(
  ffmpeg: string,
  strip: FrameStrip,
  targets: Target[],
  outDir: string,
  timeoutMs?: number,
): Promise<Record<string, WrittenFile>> {
  const fps = (1000 / strip.delayMs).toFixed(4);
  const graph: string[] = [`[0:v]split=${targets.length + 1}${targets.map((_, i) => `[s${i}]`).join('')}[shd]`];
  const outputs: { label: string; file: string; codec: string[] }[] = [];
  // mp4 has no alpha: stickers are laid on white rather than on whatever colour transparent pixels hold.
  const opaque = (input: string, w: number, h: number, label: string): string =>
    strip.transparent
      ? `color=c=white:s=${w}x${h}:r=${fps}[bg${label}];[bg${label}]${input}overlay=shortest=1,format=yuv420p[${label}]`
      : `${input}format=yuv420p[${label}]`;

  targets.forEach((t, i) => {
    if (strip.transparent) {
      graph.push(`[s${i}]scale=${t.width}:${t.height}:flags=bicubic,split=2[w${i}][m${i}]`);
    } else {
      graph.push(`[s${i}]scale=${t.width}:${t.height}:flags=bicubic,split=4[g${i}][pg${i}][w${i}][m${i}]`);
      graph.push(`[pg${i}]palettegen=stats_mode=full[p${i}]`);
      graph.push(`[g${i}][p${i}]paletteuse=dither=bayer:bayer_scale=3[gif${i}]`);
      outputs.push({ label: `gif${i}`, file: `${t.stem}.gif`, codec: ['-c:v', 'gif', '-loop', '0'] });
    }
    graph.push(opaque(`[m${i}]`, t.width, t.height, `mp4${i}`));
    outputs.push({
      label: `w${i}`,
      file: `${t.stem}.webp`,
      codec: ['-c:v', 'libwebp_anim', '-quality', '75', '-compression_level', '0', '-loop', '0'],
    });
    outputs.push({ label: `mp4${i}`, file: `${t.stem}.mp4`, codec: mp4Codec('26') });
  });
  const original = targets[0] as Target;
  graph.push(`[shd]scale=${original.width}:${original.height}[hds]`, opaque('[hds]', original.width, original.height, 'hd'));
  outputs.push({ label: 'hd', file: `${HD_STEM}.mp4`, codec: mp4Codec('18') });

  // One thread per encoder and filter graph: the seeder already runs one ffmpeg per core.
  const args = [
    '-filter_complex_threads',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${strip.width}x${strip.height}`,
    '-r',
    fps,
    '-i',
    'pipe:0',
    '-filter_complex',
    graph.join(';'),
  ];
  for (const o of outputs) args.push('-map', `[${o.label}]`, ...o.codec, path.join(outDir, `.tmp-${o.file}`));
  await runFfmpeg(ffmpeg, args, strip.rgba, timeoutMs);

  const written: Record<string, WrittenFile> = {};
  for (const o of outputs) {
    await fs.rename(path.join(outDir, `.tmp-${o.file}`), path.join(outDir, o.file));
    written[o.file] = { file: o.file, size: (await fs.stat(path.join(outDir, o.file))).size };
  }
  return written;
}

/**
 * ffmpeg's GIF encoder keeps each frame over the last (no disposal), which smears transparent
 * animations; libvips (cgif) clears between frames, so stickers' GIFs come from sharp.
 */
async function encodeTransparentGifs(strip: FrameStrip, targets: Target[], outDir: string): Promise<Record<string, WrittenFile>> {
  const delay = Array<number>(strip.frames).fill(strip.delayMs);
  const written: Record<string, WrittenFile> = {};
  await Promise.all(
    targets.map(async (t) => {
      const data = await animated(await resizeStrip(strip, t.width, t.height))
        .gif({ delay, loop: 0, effort: 1 })
        .toBuffer();
      written[`${t.stem}.gif`] = await writeAtomically(outDir, `${t.stem}.gif`, data);
    }),
  );
  return written;
}

async function writeAtomically(outDir: string, file: string, data: Buffer): Promise<WrittenFile> {
  const tmp = path.join(outDir, `.tmp-${file}`);
  await fs.writeFile(tmp, data);
  await fs.rename(tmp, path.join(outDir, file));
  return { file, size: data.length };
}

function mp4Codec(crf: string): string[] {
  return ['-c:v', 'libx264', '-preset', 'superfast', '-threads', '1', '-crf', crf, '-movflags', '+faststart', '-an'];
}

async function encodeStills(strip: FrameStrip, targets: Target[], outDir: string): Promise<Record<string, WrittenFile>> {
  const jobs = targets.map((t) => ({
    file: `${t.stem}_s.gif`,
    make: () => firstFrame(strip).resize(t.width, t.height, { fit: 'fill' }).gif().toBuffer(),
  }));
  jobs.push({
    file: '480w_s.jpg',
    make: () =>
      firstFrame(strip)
        .flatten({ background: '#000000' })
        .resize(STILL_480_WIDTH, even((strip.height * STILL_480_WIDTH) / strip.width), { fit: 'fill' })
        .jpeg({ quality: 80 })
        .toBuffer(),
  });
  const written: Record<string, WrittenFile> = {};
  await Promise.all(
    jobs.map(async ({ file, make }) => {
      written[file] = await writeAtomically(outDir, file, await make());
    }),
  );
  return written;
}
