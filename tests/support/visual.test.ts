/** The screenshot comparison: the same image passes, a changed block or a new size fails. */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { compareScreenshots, MAX_DIFF_RATIO } from './visual.ts';

/** A grey `width`×`height` PNG with an optional white block at the top left. */
function image(width: number, height: number, block = 0): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const value = x < block && y < block ? 255 : 40;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = value;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

describe('compareScreenshots', () => {
  it('passes identical images', () => {
    expect(compareScreenshots(image(100, 100), image(100, 100))).toMatchObject({ failure: undefined, differingPixels: 0 });
  });

  it('fails a changed block, counting its pixels', () => {
    const result = compareScreenshots(image(100, 100), image(100, 100, 20));
    expect(result.differingPixels).toBe(400);
    expect(result.failure).toBe(`400 pixels differ (4.00%, at most ${(MAX_DIFF_RATIO * 100).toFixed(2)}% may)`);
    expect(PNG.sync.read(result.diff!).width).toBe(100);
  });

  it('passes a change below the allowed share of pixels', () => {
    // 2×2 of 100×100 is 0.04%, under 0.5%.
    expect(compareScreenshots(image(100, 100), image(100, 100, 2)).failure).toBeUndefined();
  });

  it('fails a size change, naming both sizes', () => {
    expect(compareScreenshots(image(100, 100), image(100, 120)).failure).toBe('the size changed: baseline 100×100, now 100×120');
  });
});
