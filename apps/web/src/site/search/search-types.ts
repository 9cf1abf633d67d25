import type { SearchType } from '@loopbox/pages';
import { formatQuantity } from '../../ui/format.ts';

/** "1 GIF", "3 stickers", "2 clips": a count of one tab's results in words. */
export function countOf(type: SearchType, n: number): string {
  const [one, many] = { gifs: ['GIF', 'GIFs'], stickers: ['sticker', 'stickers'], clips: ['clip', 'clips'] }[type];
  return formatQuantity(n, { one: one!, other: many! });
}
