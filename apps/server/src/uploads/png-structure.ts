import { UploadProblem } from './problems.ts';

export interface PngStructure {
  width: number;
  height: number;
  frames: number;
  durationMs: number;
}

/**
 * Walks a PNG's chunks: IHDR gives the size, acTL the frame count of an animated PNG, each fcTL a
 * frame's delay. A file that ends before IEND is truncated. Nothing is inflated.
 */
export function readPngStructure(b: Buffer): PngStructure {
  const truncated = () => new UploadProblem('truncated', `The PNG is truncated: it ends after ${b.length} bytes, before its end marker`);
  let at = 8;
  let width = 0;
  let height = 0;
  let frames = 1;
  let durationMs = 0;
  let animated = false;
  for (;;) {
    if (at + 8 > b.length) throw truncated();
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > b.length) throw truncated();
    const data = at + 8;
    if (type === 'IHDR') {
      width = b.readUInt32BE(data);
      height = b.readUInt32BE(data + 4);
    } else if (type === 'acTL') {
      animated = true;
      frames = b.readUInt32BE(data);
    } else if (type === 'fcTL' && length >= 26) {
      const num = b.readUInt16BE(data + 20);
      const den = b.readUInt16BE(data + 22) || 100;
      durationMs += (num * 1000) / den;
    } else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (width === 0 || height === 0) throw new UploadProblem('corrupt', 'The PNG is corrupt: it has no image header');
  return { width, height, frames: animated ? Math.max(1, frames) : 1, durationMs: animated ? durationMs : 0 };
}
