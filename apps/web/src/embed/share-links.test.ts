import { describe, expect, it } from 'vitest';
import { favoriteUrl, popupFeatures, shareUrl } from './share-links.ts';

const source = { pageUrl: 'http://x.test/gifs/cat-1', mediaUrl: 'http://x.test/media/1/giphy.gif', title: 'Cat & Dog' };

describe('share links', () => {
  it('prebuilds each target URL with the page encoded', () => {
    expect(shareUrl('Facebook', source)).toBe('https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Fx.test%2Fgifs%2Fcat-1');
    const tweet = new URL(shareUrl('Twitter', source));
    expect(tweet.searchParams.get('url')).toBe(source.pageUrl);
    expect(tweet.searchParams.get('text')).toBe('Cat & Dog via Loopbox');
    const pin = new URL(shareUrl('Pinterest', source));
    expect([pin.searchParams.get('url'), pin.searchParams.get('media'), pin.searchParams.get('description')]).toEqual([
      source.pageUrl,
      source.mediaUrl,
      source.title,
    ]);
  });

  it('sizes popups 480×480, 750×350 for the microblogging service', () => {
    expect(popupFeatures('Facebook')).toBe('width=480,height=480,noopener');
    expect(popupFeatures('Pinterest')).toBe('width=480,height=480,noopener');
    expect(popupFeatures('Twitter')).toBe('width=750,height=350,noopener');
  });

  it('adds ref=fave to the favorite link', () => {
    expect(favoriteUrl('http://x.test/gifs/cat-1?a=1')).toBe('http://x.test/gifs/cat-1?a=1&ref=fave');
  });
});
