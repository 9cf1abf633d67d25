/**
 * How a caption fits its frame, the one rule the maker's preview and the server's render follow:
 * a caption is never cut. Its widest line, at its chosen size, must fit inside the frame minus a
 * margin on each side; otherwise it shrinks, down to a floor; past the floor it wraps on words at
 * the largest size (down to the floor) whose lines all fit; a word too wide even alone at the floor
 * shrinks further. The block is then moved, if need be, so that it lies inside the margins.
 */
import { textEm } from './caption-metrics.ts';
import { CAPTION_OUTLINE, CAPTION_PULSE, type CaptionAnimation, type CaptionFont } from './gif-maker.ts';

/** Kept clear around a caption, as a share of the frame's width (left, right) and height (top, bottom). */
export const CAPTION_MARGIN = 0.04;
/** A caption shrinks to fit down to this share of the frame's height (or its own size, if smaller) before it wraps. */
export const CAPTION_FIT_FLOOR = 0.07;
/** The distance between wrapped lines' baselines, as a share of the size. */
export const CAPTION_LINE_HEIGHT = 1.15;
/** Each step down when looking for the largest size at which a wrapped caption fits. */
const SHRINK_STEP = 0.95;

export interface FitCaptionInput {
  text: string;
  font: CaptionFont;
  /** The chosen size, as a share of the frame's height. */
  size: number;
  x: number;
  y: number;
  animation: CaptionAnimation;
}

/** Where and how large a caption is drawn: `size` a share of the frame's height, `x` and `y` the block's centre as shares of the frame. */
export interface FittedCaption {
  size: number;
  lines: string[];
  x: number;
  y: number;
}

/** The widest a caption grows while it plays (pulse swells it). */
const growthOf = (animation: CaptionAnimation) => (animation === 'pulse' ? 1 + CAPTION_PULSE : 1);

/** A line's inked width in pixels at `px` pixels: its advance plus the outline on both ends. */
const lineWidth = (line: string, font: CaptionFont, px: number) => (textEm(line, font) + CAPTION_OUTLINE) * px;

/** Words laid into lines no wider than `room` pixels at `px` pixels (a word wider than the room is a line of its own). */
function wrap(words: readonly string[], font: CaptionFont, px: number, room: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && lineWidth(`${last} ${word}`, font, px) <= room) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Fits a caption to a frame of `width` × `height` pixels (any scale: only the proportions count). */
export function fitCaption(caption: FitCaptionInput, frame: { width: number; height: number }): FittedCaption {
  const { width: W, height: H } = frame;
  const growth = growthOf(caption.animation);
  const roomX = (W * (1 - 2 * CAPTION_MARGIN)) / growth;
  const roomY = (H * (1 - 2 * CAPTION_MARGIN)) / growth;
  const words = caption.text.split(/\s+/).filter(Boolean);
  const text = words.join(' ');
  const widest = (lines: readonly string[], px: number) => Math.max(0, ...lines.map((l) => lineWidth(l, caption.font, px)));
  const fits = (lines: readonly string[], px: number) => widest(lines, px) <= roomX && lines.length * CAPTION_LINE_HEIGHT * px <= roomY;

  const chosen = caption.size * H;
  const floor = Math.min(chosen, CAPTION_FIT_FLOOR * H);
  let px = chosen;
  let lines = [text];
  if (!fits(lines, px)) {
    // One line, shrunk as far as the floor.
    px = Math.min(chosen, roomX / (textEm(text, caption.font) + CAPTION_OUTLINE), roomY / CAPTION_LINE_HEIGHT);
    if (px < floor) {
      // Wrapped, at the largest size down to the floor whose lines all fit.
      px = chosen;
      lines = wrap(words, caption.font, px, roomX);
      while (!fits(lines, px) && px > floor) {
        px = Math.max(floor, px * SHRINK_STEP);
        lines = wrap(words, caption.font, px, roomX);
      }
      // At the floor, a word too wide alone (or too many lines) shrinks the whole block further.
      if (!fits(lines, px))
        px = Math.min(
          px,
          roomX / Math.max(...lines.map((l) => textEm(l, caption.font) + CAPTION_OUTLINE)),
          roomY / (lines.length * CAPTION_LINE_HEIGHT),
        );
    }
  }

  const halfWidth = (widest(lines, px) * growth) / 2;
  const halfHeight = (lines.length * CAPTION_LINE_HEIGHT * px * growth) / 2;
  const clamp = (at: number, half: number, length: number, margin: number) =>
    Math.min(Math.max(at, margin + half), Math.max(margin + half, length - margin - half));
  return {
    size: px / H,
    lines,
    x: clamp(caption.x * W, halfWidth, W, CAPTION_MARGIN * W) / W,
    y: clamp(caption.y * H, halfHeight, H, CAPTION_MARGIN * H) / H,
  };
}

/** The lines as far as `shown` characters of the caption have appeared (the typewriter animation), a break counting as one. */
export function linesShown(lines: readonly string[], shown: number): string[] {
  const out: string[] = [];
  let left = shown;
  for (const line of lines) {
    if (left <= 0) break;
    const chars = [...line];
    out.push(chars.slice(0, left).join(''));
    left -= chars.length + 1;
  }
  return out;
}

/** The baseline of line `index` of `count`, in pixels below the block's centre, for a size of `px` pixels and `baseline` (the share of the size a single line's baseline sits below its centre). */
export function lineBaseline(index: number, count: number, px: number, baseline: number): number {
  return (index - (count - 1) / 2) * CAPTION_LINE_HEIGHT * px + baseline * px;
}
