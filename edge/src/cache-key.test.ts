import { describe, expect, it } from 'vitest';
import { cacheKey } from './cache-key.ts';
import { CACHE_KEY_MAX_BYTES } from './constants.ts';
import { routeFor } from './routes.ts';

const keyOf = (path: string) => cacheKey(routeFor(new URL(path, 'https://edge.example').pathname), new URL(path, 'https://edge.example'));

describe('the cache key', () => {
  it('is the path and, sorted, the first value of each parameter the route reads, its API key included', () => {
    const key = 'https://edge.example/v1/gifs/search?api_key=k1&limit=2&q=cat';
    for (const path of [
      '/v1/gifs/search?q=cat&limit=2&api_key=k1',
      '/v1/gifs/search?api_key=k1&bust=x&limit=2&q=cat',
      '/v1/gifs/search?q=cat&q=dog&limit=2&api_key=k1&sort=relevant',
    ]) {
      expect(keyOf(path)).toBe(key);
    }
    expect(keyOf('/v1/gifs/search?q=cat&limit=2&api_key=k2')).not.toBe(key);
    expect(keyOf('/v1/gifs/search?q=cat&limit=2&apikey=k1')).toBe('https://edge.example/v1/gifs/search?apikey=k1&limit=2&q=cat');
    expect(keyOf('/v1/gifs/trending?q=cat&api_key=k1')).toBe('https://edge.example/v1/gifs/trending?api_key=k1');
    expect(keyOf('/tenor/v2/search?q=cat&key=t1&api_key=ignored&locale=fr_FR')).toBe(
      'https://edge.example/tenor/v2/search?key=t1&locale=fr_FR&q=cat',
    );
    expect(keyOf('/oembed?format=json&url=https%3A%2F%2Fedge.example%2Fgifs%2Fa&x=1')).toBe(
      'https://edge.example/oembed?format=json&url=https%3A%2F%2Fedge.example%2Fgifs%2Fa',
    );
  });

  it('ignores the query of media files and assets', () => {
    expect(keyOf('/media/abc/200.gif?bust=x&v=2')).toBe('https://edge.example/media/abc/200.gif');
    expect(keyOf('/assets/app-1234.js?bust=x')).toBe('https://edge.example/assets/app-1234.js');
  });

  it('is none for a path the route does not know the parameters of, or past its maximum length', () => {
    expect(keyOf('/v1/gifs/search/?q=cat')).toBeUndefined();
    expect(keyOf('/v1/no-such-call')).toBeUndefined();
    const ids = Array.from({ length: 100 }, (_, i) => `${'x'.repeat(16)}${i}`).join(',');
    expect(keyOf(`/v1/gifs?ids=${ids}`)).toBeDefined();
    expect(keyOf(`/v1/gifs?ids=${'x'.repeat(CACHE_KEY_MAX_BYTES)}`)).toBeUndefined();
    expect(keyOf(`/media/${'x'.repeat(CACHE_KEY_MAX_BYTES)}/200.gif`)).toBeUndefined();
  });
});
