import { describe, expect, it } from 'vitest';
import { isRuntimeCached, mayKeep, shellKeyOf } from './routes.ts';

describe('service worker routes', () => {
  it('serves the widgets demo and the pipeline page from one shell each, never a GIF page or an embed', () => {
    expect(shellKeyOf('/embed/abc123')).toBeUndefined();
    expect(shellKeyOf('/gifs/funny-cat-abc123')).toBeUndefined();
    expect(shellKeyOf('/widgets')).toBe('/__shell/widgets');
    expect(shellKeyOf('/labs/pipeline')).toBe('/__shell/pipeline');
    expect(shellKeyOf('/dashboard/analytics')).toBeUndefined();
    expect(shellKeyOf('/embed/a/b')).toBeUndefined();
  });

  it('keeps each GIF page, embed, GIF lookup and medium for offline reloads, never feeds, random or search', () => {
    for (const path of ['/gifs/funny-cat-abc123', '/embed/abc123', '/v1/gifs/abc123', '/media/abc/200w.webp'])
      expect(isRuntimeCached(path)).toBe(true);
    for (const path of ['/v1/gifs/random', '/v1/gifs/search', '/v1/gifs/related', '/v1/gifs/trending', '/v2/pingback', '/v1/gifs'])
      expect(isRuntimeCached(path)).toBe(false);
  });

  it('keeps only whole answers the server did not mark no-store', () => {
    const answer = (status: number, cacheControl?: string) =>
      new Response('x', { status, ...(cacheControl ? { headers: { 'Cache-Control': cacheControl } } : {}) });
    for (const kept of [answer(200), answer(200, 'no-cache'), answer(200, 'public, max-age=31536000, immutable'), answer(200, 'private')])
      expect(mayKeep(kept)).toBe(true);
    for (const refused of [answer(200, 'private, no-store'), answer(200, 'No-Store'), answer(206), answer(404), answer(500)])
      expect(mayKeep(refused)).toBe(false);
  });
});
