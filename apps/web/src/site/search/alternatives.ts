import type { LoopboxFetch } from '@loopbox/sdk';
import { scopeOf } from './scope.ts';

/** Letters of the term that tag completion starts from when looking for other spellings. */
const SIMILAR_PREFIX_LENGTH = 3;

export interface Alternatives {
  related: string[];
  similar: string[];
  trending: string[];
}

/**
 * Suggestions for a search that found nothing: tags used with its words (`tags/related`), tags that
 * start like it (a typo past its first letters still finds them) and trending searches. A failed
 * lookup leaves its list empty; suggestions never break the page.
 */
export async function suggestionsFor(
  client: Pick<LoopboxFetch, 'relatedTags' | 'searchTags' | 'trendingSearches'>,
  term: string,
  limit: number,
): Promise<Alternatives> {
  const words = (scopeOf(term)?.rest ?? term).trim().toLowerCase();
  const names = (promise: Promise<{ data: { name: string }[] }>) =>
    promise.then(
      (r) => r.data.map((t) => t.name),
      () => [] as string[],
    );
  const prefix = words.replace(/[^\p{L}\p{N}]+/gu, '').slice(0, SIMILAR_PREFIX_LENGTH);
  const [related, similar, trending] = await Promise.all([
    words ? names(client.relatedTags(words, { limit })) : [],
    prefix.length === SIMILAR_PREFIX_LENGTH ? names(client.searchTags(prefix, { limit })) : [],
    client.trendingSearches().then(
      (r) => r.data,
      () => [] as string[],
    ),
  ]);
  const shown = new Set([words]);
  const fresh = (list: string[]) => list.filter((t) => !shown.has(t) && shown.add(t)).slice(0, limit);
  return { related: fresh(related), similar: fresh(similar), trending: fresh(trending) };
}
