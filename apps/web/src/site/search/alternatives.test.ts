import { describe, expect, it } from 'vitest';
import { suggestionsFor } from './alternatives.ts';

const tags = (...names: string[]) => Promise.resolve({ data: names.map((name) => ({ name })) });

describe('no-results suggestions', () => {
  it('offers related tags, similar spellings and trending searches, each once', async () => {
    const asked: string[] = [];
    const client = {
      relatedTags: (tag: string) => {
        asked.push(`related:${tag}`);
        return tags('kitten', 'cat');
      },
      searchTags: (prefix: string) => {
        asked.push(`prefix:${prefix}`);
        return tags('cat', 'catnap');
      },
      trendingSearches: () => Promise.resolve({ data: ['catnap', 'pizza'] }),
    };
    const found = await suggestionsFor(client as never, '@pixelpal Catt', 5);
    expect(asked).toEqual(['related:catt', 'prefix:cat']);
    expect(found).toEqual({ related: ['kitten', 'cat'], similar: ['catnap'], trending: ['pizza'] });
  });

  it('leaves out what fails', async () => {
    const client = {
      relatedTags: () => Promise.reject(new Error('x')),
      searchTags: () => Promise.reject(new Error('x')),
      trendingSearches: () => Promise.reject(new Error('x')),
    };
    expect(await suggestionsFor(client as never, 'zz', 5)).toEqual({ related: [], similar: [], trending: [] });
  });
});
