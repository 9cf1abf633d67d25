import { describe, expect, it } from 'vitest';
import { normalizeMediaHost } from './media-host.ts';

describe('normalizeMediaHost', () => {
  it.each([
    ['https://media1.giphy.com/media/x/200.gif', 'https://media.giphy.com/media/x/200.gif'],
    ['https://media42.cdn.example/a.webp', 'https://media.cdn.example/a.webp'],
    ['//media3.giphy.com/a.gif', '//media.giphy.com/a.gif'],
  ])('rewrites %s', (input, expected) => {
    expect(normalizeMediaHost(input)).toBe(expected);
  });

  it.each([
    'https://media.giphy.com/media/x/200.gif',
    'https://mediax.giphy.com/a.gif',
    'https://i.giphy.com/media1.giphy.com/a.gif',
    '/media/abc/200.gif',
  ])('keeps %s', (url) => {
    expect(normalizeMediaHost(url)).toBe(url);
  });
});
