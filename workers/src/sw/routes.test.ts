import { describe, expect, it } from 'vitest';
import { isRuntimeCached, shellKeyOf } from './routes.ts';

describe('service worker routes', () => {
  it('serves every GIF page, the widgets demo and the pipeline page from one shell each, never an embed', () => {
    expect(shellKeyOf('/embed/abc123')).toBeUndefined();
    expect(shellKeyOf('/gifs/funny-cat-abc123')).toBe('/__shell/gif');
    expect(shellKeyOf('/widgets')).toBe('/__shell/widgets');
    expect(shellKeyOf('/labs/pipeline')).toBe('/__shell/pipeline');
    expect(shellKeyOf('/dashboard/analytics')).toBeUndefined();
    expect(shellKeyOf('/embed/a/b')).toBeUndefined();
  });

  it('keeps each embed, GIF lookups and media for offline reloads, never feeds, random or search', () => {
    for (const path of ['/embed/abc123', '/v1/gifs/abc123', '/media/abc/200w.webp']) expect(isRuntimeCached(path)).toBe(true);
    for (const path of ['/v1/gifs/random', '/v1/gifs/search', '/v1/gifs/related', '/v1/gifs/trending', '/v2/pingback', '/v1/gifs'])
      expect(isRuntimeCached(path)).toBe(false);
  });
});
