import { describe, expect, it } from 'vitest';
import { MEDIA_MAX_HEIGHT, mediaSize } from './gif-media-size.ts';

describe('GIF display size', () => {
  it('fits the column and the height cap, keeping the aspect ratio', () => {
    expect(mediaSize({ width: 480, height: 270 }, 343)).toEqual({ width: 343, height: 193 });
    expect(mediaSize({ width: 400, height: 800 }, 600)).toEqual({ width: 270, height: MEDIA_MAX_HEIGHT });
    expect(mediaSize({ width: 100, height: 100 }, 600)).toEqual({ width: 200, height: 200 });
    expect(mediaSize({ width: 0, height: 0 }, 300)).toEqual({ width: 300, height: 0 });
  });
});
