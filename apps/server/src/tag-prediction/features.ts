import type { FrameStrip } from '../media/frame-strip.ts';

/**
 * A GIF's look as numbers, for finding its visual neighbours: a colour histogram (4 levels per
 * channel, weighted by opacity), the brightness of a 4×4 grid of the first frame, how much each
 * grid cell changes from frame to frame, and how much of the picture is transparent. Computed from
 * a 32×32 sample of up to 8 frames, so it costs the same for any upload size.
 */
export const FEATURE_LENGTH = 64 + 16 + 16 + 1;
const SAMPLE = 32;
const GRID = 4;
const MAX_FRAMES = 8;

/** RGBA frames of any size, as the decoder or sharp produced them. */
export interface Frames {
  width: number;
  height: number;
  frames: number;
  rgba: Uint8Array;
}

export function stripFrames(strip: FrameStrip): Frames {
  return { width: strip.width, height: strip.height, frames: strip.frames, rgba: strip.rgba };
}

export function visualFeatures(input: Frames): number[] {
  const histogram = new Float64Array(64);
  const layout = new Float64Array(GRID * GRID);
  const motion = new Float64Array(GRID * GRID);
  let alphaSum = 0;
  let samples = 0;
  const frameStep = Math.max(1, input.frames / MAX_FRAMES);
  const frameIndexes = [...new Set(Array.from({ length: Math.min(MAX_FRAMES, input.frames) }, (_, i) => Math.floor(i * frameStep)))];
  let previous: Float64Array | undefined;
  for (const [n, f] of frameIndexes.entries()) {
    const cells = new Float64Array(GRID * GRID);
    const base = f * input.width * input.height * 4;
    for (let sy = 0; sy < SAMPLE; sy++) {
      const y = Math.min(input.height - 1, Math.floor(((sy + 0.5) * input.height) / SAMPLE));
      for (let sx = 0; sx < SAMPLE; sx++) {
        const x = Math.min(input.width - 1, Math.floor(((sx + 0.5) * input.width) / SAMPLE));
        const o = base + (y * input.width + x) * 4;
        const [r, g, b, a] = [input.rgba[o]!, input.rgba[o + 1]!, input.rgba[o + 2]!, input.rgba[o + 3]! / 255];
        histogram[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)]! += a;
        alphaSum += a;
        samples += 1;
        const cell = Math.floor((sy * GRID) / SAMPLE) * GRID + Math.floor((sx * GRID) / SAMPLE);
        cells[cell]! += ((0.299 * r + 0.587 * g + 0.114 * b) / 255) * a;
      }
    }
    const perCell = (SAMPLE / GRID) ** 2;
    for (let i = 0; i < cells.length; i++) cells[i]! /= perCell;
    if (n === 0) layout.set(cells);
    if (previous)
      for (let i = 0; i < cells.length; i++) motion[i]! += Math.abs(cells[i]! - previous[i]!) / Math.max(1, frameIndexes.length - 1);
    previous = cells;
  }
  const histogramTotal = histogram.reduce((s, v) => s + v, 0) || 1;
  return [...[...histogram].map((v) => v / histogramTotal), ...layout, ...motion, 1 - alphaSum / Math.max(1, samples)].map(
    (v) => Math.round(v * 1e5) / 1e5,
  );
}

/** Distance between two looks: colours count most, then layout, motion and transparency. */
export function featureDistance(a: readonly number[], b: readonly number[]): number {
  let colour = 0;
  let layout = 0;
  let motion = 0;
  for (let i = 0; i < 64; i++) colour += Math.abs(a[i]! - b[i]!);
  for (let i = 64; i < 80; i++) layout += Math.abs(a[i]! - b[i]!);
  for (let i = 80; i < 96; i++) motion += Math.abs(a[i]! - b[i]!);
  return colour + layout / 8 + (motion * 2) / 16 + Math.abs(a[96]! - b[96]!);
}
