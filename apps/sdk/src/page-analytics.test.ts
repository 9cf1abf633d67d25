import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAGE_TYPE_PATHS } from './page-analytics-constants.ts';
import { isPageType, PAGE_TYPES, pageTypeOf, pageViewOf, parsePageUrl, virtualPagePath } from './page-analytics.ts';

const warnings = () => {
  const lines: unknown[][] = [];
  return { lines, logger: { warn: (...args: unknown[]) => void lines.push(args) } };
};

describe('pageTypeOf', () => {
  it('maps the root path to home', () => {
    expect(pageTypeOf('/')).toBe('home');
    expect(pageTypeOf('')).toBe('home');
    expect(pageTypeOf('/?q=1#top')).toBe('home');
  });

  it.each([
    ['/gifs/funny-cat-abc123', 'gifs'],
    ['/search/happy-dance', 'search'],
    ['/dashboard/analytics', 'dashboard'],
    ['/trending-gifs', 'trending-gifs'],
    ['/email-jail/', 'email-jail'],
    ['/404', '404'],
    ['/edit/gifs', 'edit/gifs'],
    ['/edit/gifs/abc123', 'edit/gifs'],
    ['/edit/channels', 'edit'],
    ['/edit', 'edit'],
    ['//stickers//x', 'stickers'],
    ['/explore?tab=new#top', 'explore'],
  ])('maps %s by its first segment(s) to %s', (path, type) => {
    expect(pageTypeOf(path)).toBe(type);
  });

  it.each(['/some-channel', '/channels/cats', '/channel/cats/search/x', '/gifsx', '/GIFS/abc', '/gifs-and-more'])(
    'maps the unknown %s to channel',
    (path) => {
      expect(pageTypeOf(path)).toBe('channel');
    },
  );

  it('knows every spec path and only page types come out', () => {
    for (const path of PAGE_TYPE_PATHS) expect(pageTypeOf(path)).toBe(path === '/' ? 'home' : path.slice(1));
    fc.assert(fc.property(fc.webPath(), (path) => isPageType(pageTypeOf(path))));
    expect(PAGE_TYPES).toHaveLength(PAGE_TYPE_PATHS.length + 1);
    expect(isPageType('channel')).toBe(true);
    expect(isPageType('unknown')).toBe(false);
  });
});

describe('virtualPagePath', () => {
  it('names related GIF pages and search pages', () => {
    expect(virtualPagePath({ kind: 'related', gifId: 'abc123', page: 2 })).toBe('/gifs/abc123/related/page/2');
    expect(virtualPagePath({ kind: 'search', term: ' happy  dance ', page: 1 })).toBe('/search/happy-dance/page/1');
    expect(virtualPagePath({ kind: 'search', term: 'a/b?c', page: 3 })).toBe('/search/a%2Fb%3Fc/page/3');
  });

  it('numbers channel feed pages offset / limit + 1, with a default limit of 25', () => {
    expect(virtualPagePath({ kind: 'channel-feed', slug: 'cats', offset: 0 })).toBe('/channels/cats/page/1');
    expect(virtualPagePath({ kind: 'channel-feed', slug: 'cats', offset: 25 })).toBe('/channels/cats/page/2');
    expect(virtualPagePath({ kind: 'channel-feed', slug: 'cats', offset: 49 })).toBe('/channels/cats/page/2');
    expect(virtualPagePath({ kind: 'channel-feed', slug: 'cats', offset: 20, limit: 10 })).toBe('/channels/cats/page/3');
  });

  it('names channel searches with an optional page', () => {
    expect(virtualPagePath({ kind: 'channel-search', slug: 'nba', term: 'dunk' })).toBe('/channel/nba/search/dunk');
    expect(virtualPagePath({ kind: 'channel-search', slug: 'nba', term: 'slam dunk', page: 4 })).toBe(
      '/channel/nba/search/slam-dunk/page/4',
    );
  });

  it('puts sticker searches under the sticker decorator', () => {
    expect(virtualPagePath({ kind: 'sticker-search', term: 'hearts' })).toBe('/create/gifmaker/decorate/stickers/hearts');
    expect(virtualPagePath({ kind: 'sticker-search', term: 'hearts', page: 2 })).toBe('/create/gifmaker/decorate/stickers/hearts/page/2');
  });

  it('rejects empty names and numbers that name no page', () => {
    expect(() => virtualPagePath({ kind: 'search', term: '  ', page: 1 })).toThrow(RangeError);
    expect(() => virtualPagePath({ kind: 'related', gifId: 'abc', page: 0 })).toThrow(/page must be a whole number of at least 1/);
    expect(() => virtualPagePath({ kind: 'search', term: 'x', page: 1.5 })).toThrow(RangeError);
    expect(() => virtualPagePath({ kind: 'channel-feed', slug: 'c', offset: -1 })).toThrow(/offset/);
    expect(() => virtualPagePath({ kind: 'channel-feed', slug: 'c', offset: 0, limit: 0 })).toThrow(/limit/);
  });

  it('gives every channel feed offset the page holding it', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 100 }), (offset, limit) => {
        const n = Number(virtualPagePath({ kind: 'channel-feed', slug: 's', offset, limit }).split('/').pop());
        return (n - 1) * limit <= offset && offset < n * limit;
      }),
    );
  });
});

describe('page URLs', () => {
  it('parses absolute URLs and relative ones against a base', () => {
    expect(parsePageUrl('https://loopbox.example/gifs/abc?x=1').pathname).toBe('/gifs/abc');
    expect(parsePageUrl('/search/cats', 'http://127.0.0.1:8080/').href).toBe('http://127.0.0.1:8080/search/cats');
  });

  it('throws "Invalid URL" for an invalid URL', () => {
    expect(() => parsePageUrl('not a url')).toThrow(new TypeError('Invalid URL'));
    expect(() => parsePageUrl('http://exa mple.com/')).toThrow('Invalid URL');
  });

  it('describes a page view: path, type and virtual path', () => {
    const { lines, logger } = warnings();
    expect(pageViewOf('http://127.0.0.1/edit/gifs/abc?x=1', { logger })).toEqual({ page_path: '/edit/gifs/abc', page_type: 'edit/gifs' });
    expect(
      pageViewOf('/search/cats', { base: 'http://127.0.0.1/', virtualPage: { kind: 'search', term: 'cats', page: 2 }, logger }),
    ).toEqual({
      page_path: '/search/cats',
      page_type: 'search',
      virtual_page_path: '/search/cats/page/2',
    });
    expect(lines).toEqual([]);
  });

  it('logs a warning for an unparseable URL instead of throwing', () => {
    const { lines, logger } = warnings();
    expect(pageViewOf('/gifs/abc', { logger })).toBeUndefined();
    expect(pageViewOf('http://[bad/', { logger })).toBeUndefined();
    expect(lines).toEqual([['Unparseable URL for page analytics: /gifs/abc'], ['Unparseable URL for page analytics: http://[bad/']]);
  });
});
