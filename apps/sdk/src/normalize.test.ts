import { describe, expect, it } from 'vitest';
import { GIF_FLAGS } from './constants.ts';
import {
  normalizeCategory,
  normalizeChannel,
  normalizeCursorPagination,
  normalizeGif,
  normalizeImages,
  normalizePagination,
  normalizeTags,
  normalizeUser,
  normalizeVideo,
} from './normalize.ts';
import type { WireGif } from './wire-types.ts';

const wireGif: WireGif = {
  id: 12345,
  title: '',
  tags: [{ text: 'cat' }, 'transparent', 'funny'],
  is_sticker: '1',
  is_hidden: 0,
  is_removed: '0',
  is_featured: true,
  images: {
    original: { width: '480', height: '270', url: 'https://media2.example/o.gif', frames: '16' },
    looping: { mp4: 'https://media2.example/l.mp4' },
  },
  user: { username: 'nba', is_public: 1, suppress_chrome: '0', id: 9 },
  video: {
    assets: { '360p': { width: '640', height: '360', url: 'v.mp4' } },
    previews: { fixed_width: { width: '200', height: '113', mp4: 'p.mp4' } },
  },
  analytics_response_payload: 'e=abc',
};

describe('normalizeGif', () => {
  const gif = normalizeGif(wireGif);

  it('makes the id a string', () => {
    expect(gif.id).toBe('12345');
  });

  it('reduces tag objects to their text', () => {
    expect(gif.tags).toEqual(['cat', 'transparent', 'funny']);
  });

  it('coerces every GIF flag to a boolean, absent ones to false', () => {
    expect(gif).toMatchObject({ is_sticker: true, is_hidden: false, is_removed: false, is_featured: true });
    for (const flag of GIF_FLAGS) expect(typeof gif[flag]).toBe('boolean');
  });

  it('makes rendition sizes integers and keeps everything else', () => {
    expect(gif.images.original).toEqual({ width: 480, height: 270, url: 'https://media2.example/o.gif', frames: '16' });
    expect(gif.images.looping).toEqual({ width: 0, height: 0, mp4: 'https://media2.example/l.mp4' });
    expect(gif.analytics_response_payload).toBe('e=abc');
  });

  it('coerces the user flags that are present', () => {
    expect(gif.user).toEqual({ username: 'nba', id: 9, is_public: true, suppress_chrome: false, is_verified: undefined });
  });

  it('normalises the video previews and assets', () => {
    expect(gif.video?.assets?.['360p']).toEqual({ width: 640, height: 360, url: 'v.mp4' });
    expect(gif.video?.previews?.fixed_width).toEqual({ width: 200, height: 113, mp4: 'p.mp4' });
  });

  it('fills in the alt text fallback', () => {
    expect(gif.alt_text).toBe('nba cat funny Sticker');
    expect(normalizeGif({ ...wireGif, alt_text: 'A cat dunking' }).alt_text).toBe('A cat dunking');
  });

  it('drops a null user or video and survives missing images and tags', () => {
    const bare = normalizeGif({ id: 'x', user: null, video: null });
    expect(bare).not.toHaveProperty('user');
    expect(bare).not.toHaveProperty('video');
    expect(bare.images).toEqual({});
    expect(bare.tags).toEqual([]);
    expect(bare.alt_text).toBe('GIF');
  });

  it('returns equal data for data already clean', () => {
    expect(normalizeGif(gif)).toEqual(gif);
  });
});

describe('parts of a GIF', () => {
  it('drops tags that are neither strings nor tag objects', () => {
    expect(normalizeTags(['a', { text: 'b' }, 5, null, { name: 'c' }] as never)).toEqual(['a', 'b']);
    expect(normalizeTags(undefined)).toEqual([]);
  });

  it('drops renditions that are not objects', () => {
    expect(normalizeImages({ original: null, fixed_width: { width: '1', height: '2' } })).toEqual({
      fixed_width: { width: 1, height: 2 },
    });
  });

  it('coerces user flags sent as strings', () => {
    expect(normalizeUser({ is_verified: 'true', is_public: '0' })).toMatchObject({ is_verified: true, is_public: false });
  });

  it('leaves a video without assets or previews as it is', () => {
    expect(normalizeVideo({ description: 'd' })).toEqual({ description: 'd' });
  });
});

describe('normalizeChannel', () => {
  const channel = normalizeChannel({
    id: '1121',
    slug: 'nba',
    has_children: 1,
    is_live: '0',
    user: { username: 'nba', is_verified: 1 },
    featured_gif: { id: 5, is_sticker: 0 },
    screensaver_gif: null,
    tags: [{ id: 1, channel: 1121, tag: 'dunk', rank: 0 }],
    children: [{ id: 2, is_visible: 1 }],
  });

  it('normalises its id, flags, user, GIFs and child channels', () => {
    expect(channel).toMatchObject({
      id: 1121,
      has_children: true,
      is_live: false,
      user: { is_verified: true },
      featured_gif: { id: '5', is_sticker: false },
      children: [{ id: 2, is_visible: true }],
    });
    expect(channel).not.toHaveProperty('screensaver_gif');
  });

  it('keeps its ranked tags as objects', () => {
    expect(channel.tags).toEqual([{ id: 1, channel: 1121, tag: 'dunk', rank: 0 }]);
  });

  it('returns equal data for data already clean', () => {
    expect(normalizeChannel(channel)).toEqual(channel);
  });
});

describe('normalizeCategory', () => {
  it('normalises its GIF and subcategories', () => {
    const category = normalizeCategory({
      name: 'Actions',
      name_encoded: 'actions',
      gif: { id: 1 },
      subcategories: [{ name: 'Cooking', name_encoded: 'cooking' }],
    });
    expect(category.gif?.id).toBe('1');
    expect(category.subcategories).toEqual([{ name: 'Cooking', name_encoded: 'cooking', subcategories: [] }]);
  });
});

describe('pagination', () => {
  it('coerces offset pagination sent as strings', () => {
    expect(normalizePagination({ count: '25', offset: '50', total_count: '1000' }, 25)).toEqual({
      count: 25,
      offset: 50,
      total_count: 1000,
    });
  });

  it('describes the received page as the whole list when pagination is missing', () => {
    expect(normalizePagination(undefined, 3)).toEqual({ count: 3, offset: 0, total_count: 3 });
  });

  it('keeps the cursor of cursor pagination', () => {
    expect(normalizeCursorPagination({ count: 5, offset: 0, next_cursor: 5 }, 5)).toEqual({
      count: 5,
      offset: 0,
      next_cursor: 5,
    });
    expect(normalizeCursorPagination(null, 2)).toEqual({ count: 2, offset: 0 });
  });
});
