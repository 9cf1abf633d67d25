import { describe, expect, it } from 'vitest';
import { RELATED_BELOW_MIN_HEIGHT_PX, RELATED_BESIDE_MAX_WIDTH_PX, RELATED_BESIDE_MIN_WIDTH_PX } from './constants.ts';
import { fittedGifSize, relatedLayoutOf } from './related-layout.ts';

const square = { width: 500, height: 500 };
const wide = { width: 640, height: 360 };

describe('related grid layout', () => {
  it('fits the GIF into 480×480 and into the frame', () => {
    expect(fittedGifSize({ width: 1000, height: 1000 }, square)).toEqual({ width: 480, height: 480 });
    expect(fittedGifSize({ width: 300, height: 1000 }, square)).toEqual({ width: 300, height: 300 });
    expect(fittedGifSize({ width: 1000, height: 1000 }, wide)).toEqual({ width: 480, height: 270 });
  });

  it('opens on demand where the GIF fills the frame, and before the frame is known', () => {
    expect(relatedLayoutOf({ width: 480, height: 480 }, square)).toEqual({ kind: 'onDemand' });
    expect(relatedLayoutOf({ width: 480, height: 270 }, wide)).toEqual({ kind: 'onDemand' });
    expect(relatedLayoutOf(undefined, square)).toEqual({ kind: 'onDemand' });
  });

  it('goes beside the GIF from the minimum width on, the panel capped', () => {
    expect(relatedLayoutOf({ width: 480 + RELATED_BESIDE_MIN_WIDTH_PX - 1, height: 480 }, square)).toEqual({ kind: 'onDemand' });
    expect(relatedLayoutOf({ width: 480 + RELATED_BESIDE_MIN_WIDTH_PX, height: 480 }, square)).toEqual({
      kind: 'beside',
      roomPx: RELATED_BESIDE_MIN_WIDTH_PX,
    });
    expect(relatedLayoutOf({ width: 1440, height: 900 }, square)).toEqual({ kind: 'beside', roomPx: RELATED_BESIDE_MAX_WIDTH_PX });
  });

  it('goes below the GIF from the minimum height on', () => {
    expect(relatedLayoutOf({ width: 480, height: 480 + RELATED_BELOW_MIN_HEIGHT_PX - 1 }, square)).toEqual({ kind: 'onDemand' });
    expect(relatedLayoutOf({ width: 480, height: 900 }, square)).toEqual({ kind: 'below', roomPx: 420 });
    expect(relatedLayoutOf({ width: 480, height: 600 }, wide)).toEqual({ kind: 'below', roomPx: 330 });
  });
});
