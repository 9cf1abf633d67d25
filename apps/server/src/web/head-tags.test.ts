import { describe, expect, it } from 'vitest';
import { renderHeadTags } from './head-tags.ts';

const PAYLOAD = `"><script>alert(1)</script><img src=x onerror=alert(2)>'`;

describe('head tags', () => {
  it('writes title, description, canonical, Open Graph, Twitter card and oEmbed link', () => {
    const html = renderHeadTags({
      title: 'Cat - Loopbox',
      description: 'A cat.',
      canonicalUrl: 'https://loop.example/gifs/cat-abc',
      ogType: 'video.other',
      image: { url: 'https://loop.example/media/abc/giphy.gif', width: 480, height: 270, alt: 'a cat' },
      video: { url: 'https://loop.example/media/abc/giphy.mp4', width: 480, height: 270 },
      player: { url: 'https://loop.example/embed/abc', width: 480, height: 270 },
      oembedHref: 'https://loop.example/oembed?url=x&format=json',
    });
    expect(html).toContain('<title>Cat - Loopbox</title>');
    expect(html).toContain('<link rel="canonical" href="https://loop.example/gifs/cat-abc">');
    expect(html).toContain('<meta property="og:type" content="video.other">');
    expect(html).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(html).toContain('<meta name="twitter:card" content="player">');
    expect(html).toContain('<meta name="twitter:player:width" content="480">');
    expect(html).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://loop.example/oembed?url=x&amp;format=json">',
    );
    expect(html).not.toContain('robots');
  });

  it('falls back to a summary card, and keeps error pages out of search engines', () => {
    const html = renderHeadTags({ title: 'Page not found - Loopbox', description: 'Nothing.', ogType: 'website', noindex: true });
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('canonical');
  });

  it('shows script payloads as text in every value', () => {
    const html = renderHeadTags({
      title: PAYLOAD,
      description: PAYLOAD,
      canonicalUrl: `https://loop.example/search/${PAYLOAD}`,
      ogType: 'website',
      image: { url: PAYLOAD, alt: PAYLOAD },
      oembedHref: PAYLOAD,
    });
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&#39;</title>');
    // Every attribute value stays inside its quotes: the only quotes are the ones the tags open and close.
    for (const tag of html.split('\n')) expect((tag.match(/"/g) ?? []).length % 2).toBe(0);
  });
});
