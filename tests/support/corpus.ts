import path from 'node:path';
import { planCorpus, type SeedItem } from '../../apps/server/src/seed/corpus.ts';

/** Rendered once per run by the global setup and shared by every suite. */
export const TEST_MEDIA_DIR = path.resolve('.tmp/test-media');

/**
 * The small corpus the API suites run on: two GIFs per subcategory (so pagination and rating
 * filters have something to cross), every GIF with external media, a dozen stickers, every emoji
 * two videos and the stored text stickers.
 */
export function sampleItems(): SeedItem[] {
  const perSubcategory = new Map<string, number>();
  let stickers = 0;
  let videos = 0;
  return planCorpus().items.filter((item) => {
    if (item.emoji || item.text) return true;
    if (item.type === 'sticker') return stickers++ < 12;
    if (item.type === 'video') return videos++ < 2;
    const seen = perSubcategory.get(item.subcategory ?? '') ?? 0;
    perSubcategory.set(item.subcategory ?? '', seen + 1);
    return seen < 2 || item.external_media !== null;
  });
}

export function isSampleItem(): (item: SeedItem) => boolean {
  const ids = new Set(sampleItems().map((i) => i.id));
  return (item) => ids.has(item.id);
}
