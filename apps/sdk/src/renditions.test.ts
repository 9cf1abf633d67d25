import { describe, expect, it } from 'vitest';
import { RENDITION_TOLERANCE_PX } from './constants.ts';
import { bestFit, getBestRendition, getBestRenditionUrl } from './renditions.ts';
import type { IImages } from './types.ts';

const sizes = [
  { width: 480, height: 270 },
  { width: 100, height: 56 },
  { width: 200, height: 113 },
];

describe('bestFit', () => {
  it('picks the smallest rendition covering the target', () => {
    expect(bestFit(sizes, 160, 90)).toEqual({ width: 200, height: 113 });
    expect(bestFit(sizes, 90, 0)).toEqual({ width: 100, height: 56 });
  });

  it(`accepts scaling up by at most ${RENDITION_TOLERANCE_PX} pixels`, () => {
    expect(bestFit(sizes, 200 + RENDITION_TOLERANCE_PX, 0)).toEqual({ width: 200, height: 113 });
    expect(bestFit(sizes, 200 + RENDITION_TOLERANCE_PX + 1, 0)).toEqual({ width: 480, height: 270 });
  });

  it('applies the tolerance to the height too (a tall target needs a taller rendition)', () => {
    expect(bestFit(sizes, 100, 113 + RENDITION_TOLERANCE_PX)).toEqual({ width: 200, height: 113 });
    expect(bestFit(sizes, 100, 113 + RENDITION_TOLERANCE_PX + 1)).toEqual({ width: 480, height: 270 });
  });

  it('takes the largest when none is big enough, nothing from nothing', () => {
    expect(bestFit(sizes, 2000, 2000)).toEqual({ width: 480, height: 270 });
    expect(bestFit([], 100, 100)).toBeUndefined();
  });

  it('honours a custom tolerance and does not reorder its input', () => {
    const input = [...sizes];
    expect(bestFit(input, 210, 0, 0)).toEqual({ width: 480, height: 270 });
    expect(input).toEqual(sizes);
  });
});

const images: IImages = {
  fixed_width_small: { width: 100, height: 107, url: 'fws.gif', webp: 'fws.webp', mp4: 'fws.mp4' },
  fixed_width_small_still: { width: 100, height: 107, url: 'fws_s.gif' },
  fixed_width: { width: 200, height: 214, url: 'fw.gif', webp: 'fw.webp', mp4: 'fw.mp4' },
  fixed_width_still: { width: 200, height: 214, url: 'fw_s.gif' },
  original: { width: 448, height: 480, url: 'o.gif', mp4: 'o.mp4' },
  original_still: { width: 448, height: 480, url: 'o_s.gif' },
  hd: { width: 1500, height: 1606, mp4: 'hd.mp4' },
};

describe('getBestRendition', () => {
  it('chooses the animated GIF by default', () => {
    expect(getBestRendition(images, 180, 190)).toEqual({ name: 'fixed_width', width: 200, height: 214, url: 'fw.gif' });
  });

  it('chooses among renditions that have the wanted variant', () => {
    expect(getBestRendition(images, 400, 0, 'webp')).toMatchObject({ name: 'fixed_width', url: 'fw.webp' });
    expect(getBestRendition(images, 400, 0, 'gif')).toMatchObject({ name: 'original', url: 'o.gif' });
    expect(getBestRendition(images, 1400, 0, 'mp4')).toMatchObject({ name: 'hd', url: 'hd.mp4' });
  });

  it('chooses still images from the _still renditions', () => {
    expect(getBestRendition(images, 80, 0, 'still')).toMatchObject({ name: 'fixed_width_small_still', url: 'fws_s.gif' });
    expect(getBestRendition(images, 300, 0, 'still')).toMatchObject({ name: 'original_still', url: 'o_s.gif' });
  });

  it('has nothing for a GIF without the variant', () => {
    expect(getBestRendition({ original: { width: 10, height: 10, url: 'o.gif' } }, 10, 10, 'webp')).toBeUndefined();
    expect(getBestRenditionUrl({ images: {} }, 10, 10)).toBeUndefined();
  });

  it('returns the URL only through getBestRenditionUrl', () => {
    expect(getBestRenditionUrl({ images }, 90, 0, 'mp4')).toBe('fws.mp4');
  });
});
