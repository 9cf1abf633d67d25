import { describe, expect, it } from 'vitest';
import { buildApiUrl, pathSegment, resolveApiBase, withApiVersion } from './api-url.ts';

describe('resolveApiBase', () => {
  it('prefers the client setting, then the page setting, then same-origin /v1/', () => {
    expect(resolveApiBase('http://127.0.0.1:1234/v1/', '/page/v1/')).toBe('http://127.0.0.1:1234/v1/');
    expect(resolveApiBase(undefined, '/page/v1/')).toBe('/page/v1/');
    expect(resolveApiBase()).toBe('/v1/');
  });

  it('adds a missing trailing slash', () => {
    expect(resolveApiBase('https://api.giphy.com/v1')).toBe('https://api.giphy.com/v1/');
  });
});

describe('withApiVersion', () => {
  it('rewrites the /vN/ part', () => {
    expect(withApiVersion('http://127.0.0.1:1234/v1/', 2)).toBe('http://127.0.0.1:1234/v2/');
    expect(withApiVersion('/v1/', 2)).toBe('/v2/');
    expect(withApiVersion('https://api.giphy.com/v1/', 1)).toBe('https://api.giphy.com/v1/');
  });

  it('only touches the final segment and keeps bases without one', () => {
    expect(withApiVersion('https://v1.example/api/v1/', 2)).toBe('https://v1.example/api/v2/');
    expect(withApiVersion('https://example.com/api/', 2)).toBe('https://example.com/api/');
  });
});

describe('buildApiUrl', () => {
  it('joins base, path and query, leaving out undefined values', () => {
    expect(buildApiUrl('/v1/', 'gifs/search', { q: 'cats & dogs', limit: 5, x: undefined, flag: true })).toBe(
      '/v1/gifs/search?q=cats+%26+dogs&limit=5&flag=true',
    );
  });

  it('has no query mark without parameters', () => {
    expect(buildApiUrl('/v1/', 'trending/searches', {})).toBe('/v1/trending/searches');
  });

  it('encodes path segments', () => {
    expect(pathSegment('a/b c')).toBe('a%2Fb%20c');
  });
});
