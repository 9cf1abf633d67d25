import { describe, expect, it } from 'vitest';
import { getAltText } from './alt-text.ts';

const tags = ['transparent', 'one', 'two', 'three', 'four', 'five', 'six'];

describe('getAltText', () => {
  it('uses the record’s own alt text first', () => {
    expect(getAltText({ alt_text: 'A cat', title: 'Title', tags, is_sticker: false })).toBe('A cat');
  });

  it('falls back to the title', () => {
    expect(getAltText({ alt_text: '', title: 'Surf GIF', tags, is_sticker: false })).toBe('Surf GIF');
    expect(getAltText({ alt_text: null, title: 'Surf GIF', tags, is_sticker: false })).toBe('Surf GIF');
  });

  it('ignores blank alt text and titles', () => {
    const text = getAltText({ alt_text: '  ', title: ' ', user: { username: 'nba' }, tags, is_sticker: false });
    expect(text).toBe('nba one two three four GIF');
  });

  it('uses the username and 4 tags, never "transparent", then GIF', () => {
    expect(getAltText({ user: { username: 'nba' }, tags, is_sticker: false })).toBe('nba one two three four GIF');
  });

  it('uses 5 tags without a user and says Sticker for stickers', () => {
    expect(getAltText({ tags, is_sticker: true })).toBe('one two three four five Sticker');
  });

  it('is just the label with nothing else to go on', () => {
    expect(getAltText({ tags: [], is_sticker: false })).toBe('GIF');
  });
});
