import { describe, expect, it } from 'vitest';
import { getAvatarPlaceholderUrl, getAvatarUrl } from './avatar.ts';
import { AVATAR_PLACEHOLDER_BASE } from './constants.ts';

describe('getAvatarUrl', () => {
  it('rewrites to the requested rendition', () => {
    expect(getAvatarUrl('https://host/avatars/nba/abc.jpg', { rendition: '80h' })).toBe('https://host/avatars/nba/abc/80h.jpg');
    expect(getAvatarUrl('https://host/avatars/nba/abc.jpg', { rendition: '200w' })).toBe('https://host/avatars/nba/abc/200w.jpg');
  });

  it('requests 200h by default', () => {
    expect(getAvatarUrl('https://media1.giphy.com/avatars/haydiroket.gif')).toBe('https://media1.giphy.com/avatars/haydiroket/200h.gif');
  });

  it('keeps the query and only touches the last dot of the file name', () => {
    expect(getAvatarUrl('/avatars/a.b/c.d.png?v=2', { rendition: '80h' })).toBe('/avatars/a.b/c.d/80h.png?v=2');
  });

  it('leaves URLs without a file extension unchanged', () => {
    expect(getAvatarUrl('https://host.example')).toBe('https://host.example');
    expect(getAvatarUrl('https://host.example/avatars/abc')).toBe('https://host.example/avatars/abc');
  });

  it('falls back to a random placeholder without an avatar', () => {
    expect(getAvatarUrl(undefined, { random: () => 0 })).toBe(`${AVATAR_PLACEHOLDER_BASE}default1.gif`);
    expect(getAvatarUrl('', { random: () => 0.99, placeholderBase: '/img/' })).toBe('/img/default5.gif');
  });
});

describe('getAvatarPlaceholderUrl', () => {
  it('covers the five placeholders evenly', () => {
    const picks = [0, 0.2, 0.4, 0.6, 0.8].map((r) => getAvatarPlaceholderUrl('/a/', () => r));
    expect(picks).toEqual(['/a/default1.gif', '/a/default2.gif', '/a/default3.gif', '/a/default4.gif', '/a/default5.gif']);
  });
});
