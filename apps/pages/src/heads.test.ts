import { describe, expect, it } from 'vitest';
import { errorHead, gifHead, profileHead, searchHead } from './heads.ts';

describe('page heads', () => {
  it('names the search, its tab and its page', () => {
    expect(searchHead('cats', 'gifs').title).toBe('cats GIFs - Loopbox');
    expect(searchHead('cats', 'stickers', 3).title).toBe('cats Stickers - Page 3 - Loopbox');
  });

  it('describes a GIF by its title and first tags, falling back to its alt text', () => {
    const head = gifHead({ title: 'Happy Cat GIF', tags: ['cat', 'happy'], is_sticker: false });
    expect(head.title).toBe('Happy Cat GIF - Loopbox');
    expect(head.description).toMatch(/^Discover and share this cat, happy GIF with everyone you know\./);
    expect(gifHead({ title: '', alt_text: 'a cat', tags: [], is_sticker: true }).title).toBe('a cat - Loopbox');
    expect(gifHead({ title: 'x'.repeat(300), tags: [], is_sticker: false }).title.length).toBeLessThan(100);
  });

  it('names a profile by display name and lowercased handle, its bio as the description', () => {
    expect(profileHead({ username: 'Studio_Sunny', display_name: 'Studio Sunny', description: 'Loops.' })).toEqual({
      title: 'Studio Sunny (@studio_sunny) GIFs and stickers - Loopbox',
      description: 'Loops.',
    });
    expect(profileHead({ username: 'dan' }).title).toBe('@dan GIFs and stickers - Loopbox');
  });

  it('has a head for each error page', () => {
    expect(errorHead(404).title).toBe('Page not found - Loopbox');
    expect(errorHead(503).title).toContain('maintenance');
  });
});
