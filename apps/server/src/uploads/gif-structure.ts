import { UploadProblem } from './problems.ts';

/** A GIF's frames and timing as its blocks declare them (nothing is decompressed). */
export interface GifStructure {
  width: number;
  height: number;
  frames: number;
  /** The sum of the frames' delays; browsers show a 0 or 1 centisecond delay as 10. */
  durationMs: number;
}

const MIN_SHOWN_DELAY_CS = 2;
const DEFAULT_DELAY_CS = 10;

/**
 * Walks a GIF's block structure: the logical screen, each image descriptor and graphic control
 * extension, every data sub-block, up to the trailer. A file that ends before its trailer is
 * truncated; a block that is neither image, extension nor trailer is corrupt.
 */
export function readGifStructure(b: Buffer): GifStructure {
  const truncated = () =>
    new UploadProblem('truncated', `The GIF is truncated: it ends after ${b.length} bytes, before its last frame is complete`);
  const need = (at: number, n: number) => {
    if (at + n > b.length) throw truncated();
  };
  need(0, 13);
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  const packed = b[10]!;
  let at = 13 + (packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0);
  let frames = 0;
  let durationCs = 0;
  let delayCs = DEFAULT_DELAY_CS;
  const skipSubBlocks = () => {
    for (;;) {
      need(at, 1);
      const size = b[at]!;
      at += 1;
      if (size === 0) return;
      need(at, size);
      at += size;
    }
  };
  for (;;) {
    need(at, 1);
    const introducer = b[at]!;
    if (introducer === 0x3b) break;
    if (introducer === 0x21) {
      need(at, 2);
      const label = b[at + 1]!;
      at += 2;
      if (label === 0xf9) {
        need(at, 6);
        const delay = b.readUInt16LE(at + 2);
        delayCs = delay < MIN_SHOWN_DELAY_CS ? DEFAULT_DELAY_CS : delay;
      }
      skipSubBlocks();
    } else if (introducer === 0x2c) {
      need(at, 10);
      const local = b[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * (1 << ((local & 0x07) + 1)) : 0);
      need(at, 1);
      at += 1; // LZW minimum code size
      skipSubBlocks();
      frames += 1;
      durationCs += delayCs;
      delayCs = DEFAULT_DELAY_CS;
    } else {
      throw new UploadProblem('corrupt', `The GIF is corrupt: an unknown block (0x${introducer.toString(16)}) at byte ${at}`);
    }
  }
  if (frames === 0) throw new UploadProblem('corrupt', 'The GIF is corrupt: it has no frames');
  return { width, height, frames, durationMs: durationCs * 10 };
}
