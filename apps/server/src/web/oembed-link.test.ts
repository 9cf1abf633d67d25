import { describe, expect, it } from 'vitest';
import { oembedDiscoveryTag, oembedHref } from './oembed-link.ts';

describe('oEmbed discovery tag', () => {
  it('points at the oEmbed endpoint with the page URL encoded and the markup escaped', () => {
    expect(oembedHref('https://loop.example', 'https://loop.example/gifs/cat-abc')).toBe(
      'https://loop.example/oembed?url=https%3A%2F%2Floop.example%2Fgifs%2Fcat-abc&format=json',
    );
    expect(oembedDiscoveryTag('https://loop.example', '/gifs/cat-abc')).toBe(
      '<link rel="alternate" type="application/json+oembed" href="https://loop.example/oembed?url=https%3A%2F%2Floop.example%2Fgifs%2Fcat-abc&amp;format=json">',
    );
  });

  it('cannot be broken out of by a hostile origin', () => {
    const tag = oembedDiscoveryTag('http://a"><script>x</script>', '/gifs/abc');
    expect(tag).not.toContain('<script>');
    expect(tag.match(/"/g)).toHaveLength(6);
  });
});
