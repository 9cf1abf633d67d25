import {
  ALT_TEXT_EXCLUDED_TAG,
  ALT_TEXT_GIF_LABEL,
  ALT_TEXT_STICKER_LABEL,
  ALT_TEXT_TAGS_WITH_USER,
  ALT_TEXT_TAGS_WITHOUT_USER,
} from './constants.ts';
import type { IGif } from './types.ts';

export type AltTextSource = Pick<IGif, 'tags' | 'is_sticker'> & {
  alt_text?: string | null;
  title?: string;
  user?: { username?: string };
};

/**
 * Alt text of a GIF (SPEC 3): its own alt text, else its title, else the user's name with up to
 * 4 tags (5 without a user; never 'transparent') followed by 'GIF' or 'Sticker'.
 */
export function getAltText({ alt_text, title, user, tags, is_sticker }: AltTextSource): string {
  const own = alt_text?.trim() || title?.trim();
  if (own) return own;
  const tagLimit = user ? ALT_TEXT_TAGS_WITH_USER : ALT_TEXT_TAGS_WITHOUT_USER;
  const words = [
    user?.username,
    ...tags.filter((tag) => tag !== ALT_TEXT_EXCLUDED_TAG).slice(0, tagLimit),
    is_sticker ? ALT_TEXT_STICKER_LABEL : ALT_TEXT_GIF_LABEL,
  ];
  return words.filter(Boolean).join(' ');
}
