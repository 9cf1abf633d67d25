import { describe, expect, it } from 'vitest';
import { embedCode, embedSrc, fitInto } from './embed-code.ts';

const source = { embedUrl: 'http://gifs.example/embed/abc', pageUrl: 'http://gifs.example/gifs/cat-abc', width: 500, height: 250 };

describe('embed code', () => {
  it('fits the original rendition into 480×480', () => {
    expect(fitInto(500, 250)).toEqual({ width: 480, height: 240 });
    expect(fitInto(200, 400)).toEqual({ width: 240, height: 480 });
    expect(fitInto(100, 100)).toEqual({ width: 480, height: 480 });
  });

  it("keeps the embed URL's own scheme; a protocol-relative URL gets https", () => {
    expect(embedSrc('http://a.b/embed/1')).toBe('http://a.b/embed/1');
    expect(embedSrc('https://a.b/embed/1')).toBe('https://a.b/embed/1');
    expect(embedSrc('//a.b/embed/1')).toBe('https://a.b/embed/1');
  });

  it('is a fixed-size iframe followed by a via link', () => {
    expect(embedCode(source)).toBe(
      '<iframe src="http://gifs.example/embed/abc" width="480" height="240" frameBorder="0" class="loopbox-embed" allowFullScreen></iframe>' +
        '<p><a href="http://gifs.example/gifs/cat-abc">via Loopbox</a></p>',
    );
  });

  it('is a 100% iframe inside a padding-ratio wrapper when responsive', () => {
    expect(embedCode(source, { responsive: true })).toBe(
      '<div style="width:100%;height:0;padding-bottom:50%;position:relative;">' +
        '<iframe src="http://gifs.example/embed/abc" width="100%" height="100%" style="position:absolute" frameBorder="0" class="loopbox-embed" allowFullScreen></iframe>' +
        '</div><p><a href="http://gifs.example/gifs/cat-abc">via Loopbox</a></p>',
    );
  });

  it('escapes quotes and angle brackets in URLs', () => {
    expect(embedCode({ ...source, pageUrl: 'http://x/"><script>' })).toContain('href="http://x/&quot;&gt;&lt;script&gt;"');
  });
});
