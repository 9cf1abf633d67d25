/**
 * Upload fixtures made here by ffmpeg and sharp, never downloaded: every accepted format, and the
 * hostile files an upload must refuse (truncated, corrupt, empty, misnamed, decompression bombs).
 * The test makes them itself, so the bundled ffmpeg may (media/ffmpeg-binary.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { runFfmpeg } from '../../apps/server/src/media/ffmpeg.ts';
import { trustedFfmpeg } from '../../apps/server/src/media/ffmpeg-binary.ts';

export interface ClipOptions {
  seconds?: number;
  size?: string;
  rate?: number;
  audio?: boolean;
}

/** An animated GIF of ffmpeg's test pattern. */
export async function makeGif(file: string, o: { seconds?: number; size?: string; rate?: number; frames?: number } = {}): Promise<string> {
  const length = o.frames !== undefined ? ['-frames:v', String(o.frames)] : ['-t', String(o.seconds ?? 1)];
  await runFfmpeg(trustedFfmpeg(), [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${o.size ?? '320x240'}:rate=${o.rate ?? 10}`,
    ...length,
    '-loop',
    '0',
    file,
  ]);
  return file;
}

/** A clip of ffmpeg's moving test pattern, with a tone when `audio`; the container follows the extension. */
export async function makeClip(file: string, o: ClipOptions = {}): Promise<string> {
  const seconds = String(o.seconds ?? 2);
  const input = ['-f', 'lavfi', '-i', `testsrc2=size=${o.size ?? '640x360'}:rate=${o.rate ?? 25}`];
  const audioIn = o.audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'] : [];
  const webm = file.endsWith('.webm');
  const video = webm
    ? ['-c:v', 'libvpx', '-b:v', '500k', '-deadline', 'realtime', '-cpu-used', '8']
    : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  const audio = o.audio ? (webm ? ['-c:a', 'libvorbis'] : ['-c:a', 'aac']) : ['-an'];
  await runFfmpeg(trustedFfmpeg(), [
    '-t',
    seconds,
    ...input,
    ...(o.audio ? ['-t', seconds, ...audioIn] : []),
    ...video,
    ...audio,
    '-t',
    seconds,
    file,
  ]);
  return file;
}

/** Frames with a transparent background and an opaque moving square. */
function stickerFrames(width: number, height: number, frames: number): Buffer {
  const rgba = Buffer.alloc(width * height * 4 * frames);
  for (let f = 0; f < frames; f++) {
    const x0 = Math.floor((f / frames) * (width / 2));
    for (let y = height / 4; y < (3 * height) / 4; y++) {
      for (let x = x0; x < x0 + width / 2; x++) {
        const o = ((f * height + y) * width + x) * 4;
        rgba[o] = 230;
        rgba[o + 1] = 60;
        rgba[o + 2] = 90;
        rgba[o + 3] = 255;
      }
    }
  }
  return rgba;
}

/** An animated WebP sticker (transparent background). */
export async function makeWebp(file: string, frames = 6): Promise<string> {
  const [w, h] = [200, 160];
  await sharp(stickerFrames(w, h, frames), { raw: { width: w, height: h * frames, channels: 4, pageHeight: h } })
    .webp({ loop: 0, delay: Array<number>(frames).fill(100) })
    .toFile(file);
  return file;
}

/** An animated PNG (APNG) sticker, made by ffmpeg's APNG encoder from transparent frames. */
export async function makeApng(file: string, frames = 6): Promise<string> {
  const [w, h] = [200, 160];
  await runFfmpeg(
    trustedFfmpeg(),
    ['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${w}x${h}`, '-r', '10', '-i', 'pipe:0', '-plays', '0', '-f', 'apng', file],
    stickerFrames(w, h, frames),
  );
  return file;
}

/** A still PNG of one colour, `width`×`height`: a strip as thin as a row, for the rendition sizes' edge. */
export async function makeStripPng(file: string, width: number, height: number): Promise<string> {
  await sharp({ create: { width, height, channels: 3, background: '#33aa66' } })
    .png()
    .toFile(file);
  return file;
}

/** A still PNG with transparency. */
export async function makePng(file: string): Promise<string> {
  const [w, h] = [180, 180];
  await sharp(stickerFrames(w, h, 1), { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toFile(file);
  return file;
}

/** The first `fraction` of a file, as a dropped transfer leaves it. */
export function truncated(source: string, file: string, fraction = 0.5): string {
  const bytes = fs.readFileSync(source);
  fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

/** A GIF's signature followed by noise. */
export function corruptGif(file: string): string {
  const noise = Buffer.alloc(4000);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from('GIF89a'), Buffer.from([0x40, 0x01, 0xf0, 0x00, 0x00, 0x00, 0x00]), Buffer.from([0x99]), noise]),
  );
  return file;
}

/** An MP4 whose index reads well but whose frames are noise: only decoding finds it corrupt. */
export async function corruptClip(file: string): Promise<string> {
  const bytes = fs.readFileSync(await makeClip(file, { seconds: 2, size: '160x90' }));
  const [mdat, moov] = [bytes.indexOf('mdat'), bytes.indexOf('moov')];
  for (let i = mdat + 8; i < (moov > mdat ? moov - 8 : bytes.length); i++) bytes[i] = (i * 7919) % 251;
  fs.writeFileSync(file, bytes);
  return file;
}

/** A small, valid GIF whose logical screen claims 30000×30000 pixels (what a GIF bomb declares). */
export async function gifBomb(dir: string): Promise<string> {
  const small = await makeGif(path.join(dir, 'bomb-source.gif'), { size: '64x64', seconds: 0.2 });
  const bytes = fs.readFileSync(small);
  bytes.writeUInt16LE(30000, 6);
  bytes.writeUInt16LE(30000, 8);
  const file = path.join(dir, 'bomb.gif');
  fs.writeFileSync(file, bytes);
  return file;
}

const crc32 = (data: Buffer) => zlib.crc32(data);
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG decompression bomb: a valid 20000×20000 grey image (400 MB decoded) deflated from
 * zero rows into a few hundred kilobytes.
 */
export async function makePngBomb(file: string, side = 20000): Promise<string> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 0;
  const row = Buffer.alloc(side + 1);
  const rows = Buffer.alloc(row.length * 1000);
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise<void>((resolve) => deflate.on('end', () => resolve()));
  for (let y = 0; y < side; y += 1000) deflate.write(rows.subarray(0, row.length * Math.min(1000, side - y)));
  deflate.end();
  await done;
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', Buffer.concat(parts)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}
