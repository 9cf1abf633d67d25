import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPTION_FIT_FLOOR, CAPTION_LINE_HEIGHT, CAPTION_MARGIN, fitCaption, linesShown, type FitCaptionInput } from './caption-fit.ts';
import { textEm } from './caption-metrics.ts';
import { CAPTION_FONTS, CAPTION_OUTLINE, CAPTION_SIZE, type CaptionFont } from './gif-maker.ts';

const caption = (text: string, more: Partial<FitCaptionInput> = {}): FitCaptionInput => ({
  text,
  font: 'sans',
  size: 0.12,
  x: 0.5,
  y: 0.85,
  animation: 'none',
  ...more,
});
/** The inked extent of a fitted caption, in pixels: left, right, top, bottom. */
function extent(input: FitCaptionInput, frame: { width: number; height: number }) {
  const fit = fitCaption(input, frame);
  const px = fit.size * frame.height * (input.animation === 'pulse' ? 1.12 : 1);
  const widest = Math.max(...fit.lines.map((l) => (textEm(l, input.font) + CAPTION_OUTLINE) * px));
  const tall = fit.lines.length * CAPTION_LINE_HEIGHT * px;
  return {
    fit,
    left: fit.x * frame.width - widest / 2,
    right: fit.x * frame.width + widest / 2,
    top: fit.y * frame.height - tall / 2,
    bottom: fit.y * frame.height + tall / 2,
  };
}

describe('fitting a caption to the frame', () => {
  it('keeps a caption that fits as it was chosen: one line, its size and place', () => {
    expect(fitCaption(caption('HELLO'), { width: 480, height: 270 })).toEqual({ size: 0.12, lines: ['HELLO'], x: 0.5, y: 0.85 });
  });

  it('shrinks "NEWBIE WAS HERE" at the default size on a square frame to one line inside the margins, never cutting it', () => {
    const frame = { width: 240, height: 240 };
    const { fit, left, right } = extent(caption('NEWBIE WAS HERE'), frame);
    expect(fit.lines).toEqual(['NEWBIE WAS HERE']);
    expect(fit.size).toBeLessThan(0.12);
    expect(fit.size).toBeGreaterThanOrEqual(CAPTION_FIT_FLOOR);
    expect(left).toBeGreaterThanOrEqual(CAPTION_MARGIN * frame.width - 1e-9);
    expect(right).toBeLessThanOrEqual(frame.width * (1 - CAPTION_MARGIN) + 1e-9);
  });

  it('wraps on words, at the floor size or larger, when shrinking to the floor is not enough', () => {
    const fit = fitCaption(caption('WHEN THE NEW INTERN PUSHES TO PRODUCTION ON A FRIDAY'), { width: 240, height: 320 });
    expect(fit.lines.length).toBeGreaterThan(1);
    expect(fit.lines.join(' ')).toBe('WHEN THE NEW INTERN PUSHES TO PRODUCTION ON A FRIDAY');
    expect(fit.size).toBeGreaterThanOrEqual(CAPTION_FIT_FLOOR - 1e-9);
  });

  it('shrinks a single word too wide at the floor further, keeping it whole', () => {
    const frame = { width: 160, height: 320 };
    const { fit, left, right } = extent(caption('SUPERCALIFRAGILISTIC'), frame);
    expect(fit.lines).toEqual(['SUPERCALIFRAGILISTIC']);
    expect(fit.size).toBeLessThan(CAPTION_FIT_FLOOR);
    expect(left).toBeGreaterThanOrEqual(CAPTION_MARGIN * frame.width - 1e-9);
    expect(right).toBeLessThanOrEqual(frame.width * (1 - CAPTION_MARGIN) + 1e-9);
  });

  it('moves a caption placed near an edge back inside the margins', () => {
    const frame = { width: 320, height: 180 };
    const { fit, left, bottom } = extent(caption('NEAR THE EDGE', { x: 0.02, y: 1 }), frame);
    expect(fit.x).toBeGreaterThan(0.02);
    expect(left).toBeCloseTo(CAPTION_MARGIN * frame.width, 6);
    expect(bottom).toBeCloseTo(frame.height * (1 - CAPTION_MARGIN), 6);
  });

  it('never lets any caption, font, size, place or frame reach past the margins', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9!?é]{1,14}$/);
    fc.assert(
      fc.property(
        fc
          .array(word, { minLength: 1, maxLength: 8 })
          .map((w) => w.join(' ').slice(0, 80).trim())
          .filter(Boolean),
        fc.constantFrom(...(Object.keys(CAPTION_FONTS) as CaptionFont[])),
        fc.double({ min: CAPTION_SIZE.min, max: CAPTION_SIZE.max, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom('none', 'pulse', 'fade', 'typewriter' as const),
        fc.integer({ min: 60, max: 480 }),
        fc.integer({ min: 60, max: 480 }),
        (text, font, size, x, y, animation, width, height) => {
          const frame = { width, height };
          const { fit, left, right, top, bottom } = extent(caption(text, { font, size, x, y, animation }), frame);
          expect(fit.lines.join(' ')).toBe(text.split(/\s+/).filter(Boolean).join(' '));
          expect(left).toBeGreaterThanOrEqual(CAPTION_MARGIN * width - 1e-6);
          expect(right).toBeLessThanOrEqual(width * (1 - CAPTION_MARGIN) + 1e-6);
          expect(top).toBeGreaterThanOrEqual(CAPTION_MARGIN * height - 1e-6);
          expect(bottom).toBeLessThanOrEqual(height * (1 - CAPTION_MARGIN) + 1e-6);
        },
      ),
    );
  });

  it('types the wrapped lines out in order', () => {
    expect(linesShown(['NEWBIE', 'WAS HERE'], 3)).toEqual(['NEW']);
    expect(linesShown(['NEWBIE', 'WAS HERE'], 9)).toEqual(['NEWBIE', 'WA']);
    expect(linesShown(['NEWBIE', 'WAS HERE'], 99)).toEqual(['NEWBIE', 'WAS HERE']);
  });

  it('measures text by the caption fonts (bold DejaVu): wide letters wider than narrow ones, mono all alike', () => {
    expect(textEm('WWW', 'sans')).toBeGreaterThan(textEm('iii', 'sans'));
    expect(textEm('WWW', 'mono')).toBe(textEm('iii', 'mono'));
    expect(textEm('漢', 'sans')).toBeGreaterThanOrEqual(1);
  });
});
