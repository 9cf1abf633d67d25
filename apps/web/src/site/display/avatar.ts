import { AVATAR_PLACEHOLDER_COUNT, getAvatarUrl, type AvatarRendition } from '@loopbox/sdk';

/**
 * Where in [0, 1) a person's placeholder falls: a hash of their username, so one person keeps one
 * placeholder on every load and every screen (the SDK's own default is a fresh random pick each call).
 */
export function placeholderPick(username: string): number {
  let hash = 0;
  for (const char of username.toLowerCase()) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) >>> 0;
  return ((hash % AVATAR_PLACEHOLDER_COUNT) + 0.5) / AVATAR_PLACEHOLDER_COUNT;
}

/** A person's avatar rendition, or their own placeholder when they have none. */
export const avatarOf = (avatarUrl: string | null | undefined, username: string, rendition: AvatarRendition): string =>
  getAvatarUrl(avatarUrl, { rendition, random: () => placeholderPick(username) });
