/**
 * Normalisation of provider records (SPEC 3): GIPHY's wire format or already-clean data in,
 * clean types out. Normalising clean data again returns equal data.
 */
import { getAltText } from './alt-text.ts';
import { CHANNEL_FLAGS, GIF_FLAGS, USER_FLAGS } from './constants.ts';
import { coerceFlags, coercePresentFlags, isRecord, toInt } from './coerce.ts';
import type { ICategory, IChannel, ICursorPagination, IGif, IImages, IPagination, IRendition, IUser, IVideo } from './types.ts';
import type { WireCategory, WireChannel, WireGif, WireImages, WireRendition, WireTag, WireUser, WireVideo } from './wire-types.ts';

function normalizeRendition(rendition: WireRendition): IRendition {
  return { ...rendition, width: toInt(rendition.width), height: toInt(rendition.height) };
}

/** Every rendition of an `images` (or video `assets`) object; non-object entries are dropped. */
export function normalizeImages(images: WireImages | null | undefined): IImages {
  const normalized: Record<string, IRendition> = {};
  for (const [name, rendition] of Object.entries(images ?? {})) {
    if (isRecord(rendition)) normalized[name] = normalizeRendition(rendition);
  }
  return normalized;
}

/** Tags as strings: tag objects are reduced to their text, anything else is dropped. */
export function normalizeTags(tags: readonly WireTag[] | null | undefined): string[] {
  if (!Array.isArray(tags)) return [];
  return tags.flatMap((tag) => {
    if (typeof tag === 'string') return [tag];
    return isRecord(tag) && typeof tag.text === 'string' ? [tag.text] : [];
  });
}

export function normalizeUser(user: WireUser): IUser {
  return { ...user, ...coercePresentFlags(user, USER_FLAGS) };
}

export function normalizeVideo(video: WireVideo): IVideo {
  const { assets, previews, ...rest } = video;
  return {
    ...rest,
    ...(assets ? { assets: normalizeImages(assets) } : {}),
    ...(previews ? { previews: normalizeImages(previews) } : {}),
  };
}

export function normalizeGif(gif: WireGif): IGif {
  const { user: wireUser, video: wireVideo, ...rest } = gif;
  const user = isRecord(wireUser) ? normalizeUser(wireUser) : undefined;
  const tags = normalizeTags(gif.tags);
  const flags = coerceFlags(gif, GIF_FLAGS);
  return {
    ...rest,
    ...flags,
    id: String(gif.id),
    tags,
    images: normalizeImages(gif.images),
    alt_text: getAltText({ alt_text: gif.alt_text, title: gif.title, user, tags, is_sticker: flags.is_sticker }),
    ...(user ? { user } : {}),
    ...(isRecord(wireVideo) ? { video: normalizeVideo(wireVideo) } : {}),
  };
}

export function normalizeChannel(channel: WireChannel): IChannel {
  const { user, featured_gif, screensaver_gif, ancestors, children, ...rest } = channel;
  return {
    ...rest,
    ...coercePresentFlags(channel, CHANNEL_FLAGS),
    id: toInt(channel.id),
    ...(isRecord(user) ? { user: normalizeUser(user) } : {}),
    ...(isRecord(featured_gif) ? { featured_gif: normalizeGif(featured_gif) } : {}),
    ...(isRecord(screensaver_gif) ? { screensaver_gif: normalizeGif(screensaver_gif) } : {}),
    ...(Array.isArray(ancestors) ? { ancestors: ancestors.map(normalizeChannel) } : {}),
    ...(Array.isArray(children) ? { children: children.map(normalizeChannel) } : {}),
  };
}

export function normalizeCategory(category: WireCategory): ICategory {
  const { gif, subcategories, ...rest } = category;
  return {
    ...rest,
    subcategories: Array.isArray(subcategories) ? subcategories.map(normalizeCategory) : [],
    ...(isRecord(gif) ? { gif: normalizeGif(gif) } : {}),
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** Offset-paged pagination; absent fields describe the page received as the whole list. */
export function normalizePagination(pagination: unknown, received: number): IPagination {
  const { count, offset, total_count } = asRecord(pagination);
  const page = { count: toInt(count, received), offset: toInt(offset, 0) };
  return { ...page, total_count: toInt(total_count, page.offset + page.count) };
}

/** Cursor pagination of version-2 emoji lists. */
export function normalizeCursorPagination(pagination: unknown, received: number): ICursorPagination {
  const { count, offset, next_cursor } = asRecord(pagination);
  return {
    count: toInt(count, received),
    offset: toInt(offset, 0),
    ...(typeof next_cursor === 'number' || typeof next_cursor === 'string' ? { next_cursor } : {}),
  };
}
