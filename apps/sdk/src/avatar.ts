import { AVATAR_PLACEHOLDER_BASE, AVATAR_PLACEHOLDER_COUNT, DEFAULT_AVATAR_RENDITION } from './constants.ts';
import type { AvatarRendition } from './types.ts';

/**
 * The extension of the file name in the last path segment (not the host's last label), before
 * any query or fragment.
 */
const AVATAR_FILE = /^([^?#]*[^/?#]\/[^/?#]+)\.([a-z0-9]+)(?=[?#]|$)/i;

export interface AvatarOptions {
  /** 200h (default), 80h or 200w. */
  rendition?: AvatarRendition;
  /** Where the placeholder images live; default AVATAR_PLACEHOLDER_BASE. */
  placeholderBase?: string;
  /** Random source in [0, 1) used to pick a placeholder; default Math.random. */
  random?: () => number;
}

/** One of the placeholder avatars, default1.gif to default5.gif, picked at random. */
export function getAvatarPlaceholderUrl(placeholderBase: string = AVATAR_PLACEHOLDER_BASE, random: () => number = Math.random): string {
  const index = Math.min(Math.floor(random() * AVATAR_PLACEHOLDER_COUNT), AVATAR_PLACEHOLDER_COUNT - 1);
  return `${placeholderBase}default${index + 1}.gif`;
}

/**
 * The URL of an avatar rendition: "https://host/avatars/nba/abc.jpg" with 80h becomes
 * "https://host/avatars/nba/abc/80h.jpg". With no avatar, a random placeholder.
 * A URL without a file extension is returned unchanged.
 */
export function getAvatarUrl(avatarUrl: string | null | undefined, options: AvatarOptions = {}): string {
  const { rendition = DEFAULT_AVATAR_RENDITION, placeholderBase, random } = options;
  if (!avatarUrl) return getAvatarPlaceholderUrl(placeholderBase, random);
  return avatarUrl.replace(AVATAR_FILE, `$1/${rendition}.$2`);
}
