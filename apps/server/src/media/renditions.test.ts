import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artSvg, randomArt } from '../seed/art.ts';
import { createRandom } from '../seed/random.ts';
import { stripFromSvg } from './frame-strip.ts';
import { trustedFfmpeg } from './ffmpeg-binary.ts';
import { makeRenditions, renditionTargets } from './renditions.ts';

describe('rendition targets', () => {
  it('fixes one side at GIPHY’s sizes and keeps every side even', () => {
    const t = Object.fromEntries(renditionTargets(400, 300).map((r) => [r.name, [r.width, r.height]]));
    expect(t).toEqual({
      original: [400, 300],
      fixed_height: [266, 200],
      fixed_width: [200, 150],
      fixed_height_small: [134, 100],
      fixed_width_small: [100, 76],
    });
  });
});

describe.each([false, true])('renditions (transparent: %s)', (transparent) => {
  it('writes animated gif, webp and mp4 at every size with stills, as listed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loopbox-media-'));
    const spec = randomArt(createRandom(7), { caption: 'test', transparent, size: [240, 180] });
    const images = await makeRenditions(await stripFromSvg(artSvg(spec), spec), dir, { ffmpeg: trustedFfmpeg() });

    expect(Object.keys(images).sort()).toEqual([
      '480w_still',
      'fixed_height',
      'fixed_height_small',
      'fixed_width',
      'fixed_width_small',
      'hd',
      'original',
    ]);
    expect(images.original?.frames).toBe(spec.frames);
    for (const name of ['original', 'fixed_height', 'fixed_width', 'fixed_height_small', 'fixed_width_small']) {
      const r = images[name]!;
      for (const format of ['gif', 'webp'] as const) {
        const file = path.join(dir, r[format]!.file);
        const meta = await sharp(file, { animated: true }).metadata();
        expect(meta.pages, `${name}.${format}`).toBe(spec.frames);
        expect([meta.width, meta.pageHeight], `${name}.${format}`).toEqual([r.width, r.height]);
        expect(fs.statSync(file).size).toBe(r[format]!.size);
        if (transparent) expect(meta.hasAlpha, `${name}.${format}`).toBe(true);
      }
      const still = await sharp(path.join(dir, r.still!.file)).metadata();
      expect([still.pages ?? 1, still.width, still.height]).toEqual([1, r.width, r.height]);
      const mp4 = fs.readFileSync(path.join(dir, r.mp4!.file));
      expect(mp4.subarray(4, 8).toString()).toBe('ftyp');
      expect(mp4.includes(Buffer.from('avc1'))).toBe(true);
    }
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.tmp'))).toEqual([]);
    const jpg = await sharp(path.join(dir, images['480w_still']!.still!.file)).metadata();
    expect([jpg.format, jpg.width]).toEqual(['jpeg', 480]);
  });
});
