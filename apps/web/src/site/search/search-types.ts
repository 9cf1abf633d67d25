import type { SearchType } from '@loopbox/pages';
import type { MediaType } from '@loopbox/sdk';
import { formatQuantity } from '../../ui/format.ts';

/** The search tabs in order, and the public API's type each one asks (clips are GIPHY's `videos`). */
export const SEARCH_TYPES: readonly SearchType[] = ['gifs', 'stickers', 'clips'];
export const SEARCH_API_TYPE: Record<SearchType, MediaType> = { gifs: 'gifs', stickers: 'stickers', clips: 'videos' };

/** "1 GIF", "3 stickers", "2 clips": a count of one tab's results in words. */
export function countOf(type: SearchType, n: number): string {
  const [one, many] = { gifs: ['GIF', 'GIFs'], stickers: ['sticker', 'stickers'], clips: ['clip', 'clips'] }[type];
  return formatQuantity(n, { one: one!, other: many! });
}
