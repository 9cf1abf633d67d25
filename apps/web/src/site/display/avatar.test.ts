import { AVATAR_PLACEHOLDER_BASE } from '@loopbox/sdk';
import { describe, expect, it } from 'vitest';
import { avatarOf } from './avatar.ts';

describe('avatarOf', () => {
  it('gives one person the same placeholder on every call, whatever the case of their name', () => {
    const first = avatarOf(null, 'Ada_Lovelace', '80h');
    expect(first).toMatch(new RegExp(`^${AVATAR_PLACEHOLDER_BASE}default[1-5]\\.gif$`));
    for (let i = 0; i < 20; i++) expect(avatarOf('', 'ada_lovelace', '200h')).toBe(first);
  });

  it('spreads people over all five placeholders', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => avatarOf(undefined, `user${i}`, '80h')));
    expect(seen.size).toBe(5);
  });

  it('keeps a real avatar, at the asked rendition', () => {
    expect(avatarOf('/avatars/ada/abc.jpg', 'ada', '80h')).toBe('/avatars/ada/abc/80h.jpg');
  });
});
