import { describe, expect, it } from 'vitest';
import { getGifHeight, getGifWidth } from './gif-size.ts';

const gif = { images: { original: { width: 448, height: 480 } } };

describe('GIF size helpers', () => {
  it('keeps the original aspect ratio', () => {
    expect(getGifHeight(gif, 224)).toBe(240);
    expect(getGifWidth(gif, 240)).toBe(224);
    expect(getGifHeight(gif, 100)).toBe(107);
  });

  it('is 0 without a usable original rendition', () => {
    expect(getGifHeight({ images: {} }, 200)).toBe(0);
    expect(getGifWidth({ images: { original: { width: 0, height: 0 } } }, 200)).toBe(0);
  });
});
