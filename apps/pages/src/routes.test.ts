import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SITE_PAGE } from './route-constants.ts';
import { gifIdFromPath } from './gif-id.ts';
import {
  ACCOUNT_PAGE_PATHS,
  channelPath,
  channelSearchPath,
  loginPath,
  parseSitePath,
  safeNextPath,
  searchPath,
  sitePath,
  termFromSegment,
  termSegment,
  type SiteRoute,
} from './routes.ts';

describe('site paths', () => {
  it.each<[string, SiteRoute]>([
    ['/', { page: 'home' }],
    ['/search/funny-cats', { page: 'search', term: 'funny cats', type: 'gifs', pageNumber: 1 }],
    ['/search/funny-cats/', { page: 'search', term: 'funny cats', type: 'gifs', pageNumber: 1 }],
    ['/search/cat/page/3', { page: 'search', term: 'cat', type: 'gifs', pageNumber: 3 }],
    ['/search/cat/stickers', { page: 'search', term: 'cat', type: 'stickers', pageNumber: 1 }],
    ['/search/cat/stickers/page/2?x=1', { page: 'search', term: 'cat', type: 'stickers', pageNumber: 2 }],
    ['/search/@foodie%2Dfran-pizza', { page: 'search', term: '@foodie-fran pizza', type: 'gifs', pageNumber: 1 }],
    ['/trending-gifs', { page: 'trending-gifs' }],
    ['/stickers', { page: 'stickers' }],
    ['/categories', { page: 'categories' }],
    ['/categories/animals', { page: 'category', category: 'animals' }],
    ['/categories/food-drink/pizza', { page: 'subcategory', category: 'food-drink', subcategory: 'pizza' }],
    ['/explore/good-morning', { page: 'explore', term: 'good morning' }],
    ['/gifs/studio_sunny-happy-cat-abc123', { page: 'gif', gifId: 'abc123', slug: 'studio_sunny-happy-cat-abc123' }],
    ['/gifs/abc123', { page: 'gif', gifId: 'abc123', slug: 'abc123' }],
    ['/studio_sunny', { page: 'profile', username: 'studio_sunny' }],
    ['/Emoji/', { page: 'profile', username: 'Emoji' }],
    ['/404', { page: 'error', status: 404 }],
    ['/403', { page: 'error', status: 403 }],
    ['/maintenance', { page: 'error', status: 503 }],
    ['/funny-cats', { page: 'channel', slug: 'funny-cats', pageNumber: 1 }],
    ['/channels/stickers', { page: 'channel', slug: 'stickers', pageNumber: 1 }],
    ['/channels/funny-cats/page/3', { page: 'channel', slug: 'funny-cats', pageNumber: 3 }],
    ['/channel/funny-cats/search/happy-dance', { page: 'channel-search', slug: 'funny-cats', term: 'happy dance', pageNumber: 1 }],
    ['/channel/funny-cats/search/happy/page/2', { page: 'channel-search', slug: 'funny-cats', term: 'happy', pageNumber: 2 }],
    ['/dashboard/channels', { page: 'channel-editor' }],
    ['/dashboard/developers', { page: 'developers' }],
    ['/dashboard/developers/review', { page: 'developer-review' }],
    ['/docs/api', { page: 'api-docs' }],
    ['/join', { page: 'join' }],
    ['/join/verify', { page: 'verify-email' }],
    ['/login/?next=%2Fsettings', { page: 'login' }],
    ['/password#token=abc', { page: 'password' }],
    ['/settings', { page: 'settings' }],
    ['/favorites', { page: 'favorites' }],
    ['/dashboard/outbox', { page: 'outbox' }],
    ['/upload', { page: 'upload' }],
    ['/create', { page: 'create', step: 'source' }],
    ['/create/gifmaker/trim', { page: 'create', step: 'trim' }],
    ['/create/gifmaker/details', { page: 'create', step: 'details' }],
    ['/create/gifmaker/decorate/stickers/happy-cat', { page: 'create', step: 'decorate', stickerTerm: 'happy cat' }],
    ['/artists', { page: 'artists' }],
    ['/dashboard', { page: 'dashboard', section: 'gifs' }],
    ['/dashboard/analytics', { page: 'dashboard', section: 'analytics' }],
    ['/dashboard/stories', { page: 'dashboard', section: 'stories' }],
    ['/dashboard/schedule', { page: 'dashboard', section: 'schedule' }],
    ['/dashboard/moderation', { page: 'dashboard', section: 'moderation' }],
    ['/stories', { page: 'stories' }],
    ['/stories/a-day-at-the-beach-1f2e3d4c', { page: 'story', slug: 'a-day-at-the-beach-1f2e3d4c' }],
    ['/about', { page: 'about' }],
    ['/apps/', { page: 'apps' }],
    ['/studios', { page: 'studios' }],
    ['/search', { page: 'search-home' }],
    ['/search/', { page: 'search-home' }],
    ['/gifs', { page: 'redirect', to: '/trending-gifs' }],
    ['/explore/', { page: 'redirect', to: '/' }],
    [
      '/stickers/studio_sunny-dancing-star-abc123',
      { page: 'gif', gifId: 'abc123', slug: 'studio_sunny-dancing-star-abc123', section: 'stickers' },
    ],
  ])('%s', (path, route) => {
    expect(parseSitePath(path)).toEqual(route);
  });

  it.each([
    '/search/cat/page/0',
    '/search/cat/page/01',
    `/search/cat/page/${MAX_SITE_PAGE + 1}`,
    '/search/cat/page',
    '/search/cat/gifs',
    '/search/%E0%A4%A',
    '/trending-gifs/x',
    '/categories/Animals',
    '/categories/a/b/c',
    '/explore/a/b',
    '/stories/Not_A_Slug',
    '/stories/a/b',
    '/gifs/a/b',
    '/gifs/bad-id!',
    '/gifs/ends-with-',
    '/upload/x',
    '/create/x',
    '/create/gifmaker',
    '/create/gifmaker/source',
    '/create/gifmaker/trim/stickers/x',
    '/create/gifmaker/decorate/stickers',
    '/create/gifmaker/decorate/stickers/a/b',
    '/dashboard/nothing',
    '/widgets',
    '/v1',
    '/a',
    '/no.such.page',
    '/studio_sunny/gifs',
    '/join/x',
    '/settings/profile',
    '/dashboard/outbox/1',
    '/login/check',
    '//x',
    '/x//y',
    '/-cats',
    '/cats-',
    '/channels',
    '/channels/Cats',
    '/channels/cats/page/0',
    '/channels/cats/2',
    '/channel/cats',
    '/channel/cats/find/x',
    '/channel/cats/search',
    '/channel/cats/search/x/page/x',
    '/dashboard/other',
    '/search-',
    '/stickers-x/y',
    '/stickers/a/b',
    '/stickers/bad-id!',
    '/about/x',
    '/apps/x',
    '/studios/x',
  ])('%s is not a page', (path) => {
    expect(parseSitePath(path)).toEqual({ page: 'not-found' });
  });

  it('writes each account page at its one path', () => {
    for (const path of Object.values(ACCOUNT_PAGE_PATHS)) expect([path, sitePath(parseSitePath(path))]).toEqual([path, path]);
    expect(Object.keys(ACCOUNT_PAGE_PATHS)).toHaveLength(8);
  });

  it('returns from the login page only to paths of this site', () => {
    expect(loginPath('/dashboard/analytics?days=7')).toBe('/login?next=%2Fdashboard%2Fanalytics%3Fdays%3D7');
    expect(loginPath()).toBe('/login');
    expect(safeNextPath('/gifs/abc?ref=fave')).toBe('/gifs/abc?ref=fave');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/a\nb'])
      expect(safeNextPath(bad)).toBe('/');
  });

  it('round-trips every page through its canonical path', () => {
    const term = fc
      .string({ minLength: 1, maxLength: 50 })
      .filter((t) => t.trim() !== '')
      .map((t) => t.trim().replace(/\s+/g, ' '));
    fc.assert(
      fc.property(term, fc.constantFrom('gifs' as const, 'stickers' as const), fc.integer({ min: 1, max: MAX_SITE_PAGE }), (t, type, n) => {
        const route: SiteRoute = { page: 'search', term: t, type, pageNumber: n };
        expect(parseSitePath(sitePath(route))).toEqual(route);
        expect(parseSitePath(sitePath({ page: 'explore', term: t }))).toEqual({ page: 'explore', term: t });
      }),
    );
  });

  it('writes search terms readably: words joined by dashes, @ kept, literal dashes encoded', () => {
    expect(searchPath('funny  cats')).toBe('/search/funny-cats');
    expect(searchPath('@foodie-fran pizza', { type: 'stickers', page: 2 })).toBe('/search/@foodie%2Dfran-pizza/stickers/page/2');
    expect(termSegment('<script>alert(1)</script>')).toBe('%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(termFromSegment('%3Cscript%3E')).toBe('<script>');
    expect(termFromSegment('---')).toBeUndefined();
  });

  it('writes the pages of issue 31 at the paths they are read from', () => {
    for (const path of ['/about', '/apps', '/studios', '/search', '/stickers/abc123', '/gifs/abc123'])
      expect(sitePath(parseSitePath(path))).toBe(path);
  });

  it('reads the GIF id from embed and GIF page paths', () => {
    expect(gifIdFromPath('/embed/abc123')).toBe('abc123');
    expect(gifIdFromPath('/embed/abc123/')).toBe('abc123');
    expect(gifIdFromPath('/gifs/studio_sunny-happy-cat-abc123')).toBe('abc123');
    expect(gifIdFromPath('/gifs/abc123')).toBe('abc123');
    expect(gifIdFromPath('/embed/')).toBeUndefined();
  });
});

describe('channel paths', () => {
  it('puts a channel at /{slug} unless a site path or a profile holds it, and later feed pages under /channels', () => {
    expect(channelPath('funny-cats')).toBe('/funny-cats');
    expect(channelPath('stickers')).toBe('/channels/stickers');
    expect(channelPath('pixelpal', { shadowed: true })).toBe('/channels/pixelpal');
    expect(channelPath('login')).toBe('/channels/login');
    expect(channelPath('funny-cats', { page: 2 })).toBe('/channels/funny-cats/page/2');
    expect(channelSearchPath('funny-cats', 'happy dance', 3)).toBe('/channel/funny-cats/search/happy-dance/page/3');
  });
  it('reads back every path it writes', () => {
    for (const path of [channelPath('funny-cats', { page: 4 }), channelSearchPath('funny-cats', 'a-b c', 2), channelPath('stickers')])
      expect(sitePath(parseSitePath(path))).toBe(path);
  });
});
