import { SEARCH_CANDIDATES } from '../../apps/server/src/content/constants.ts';
import { DEFAULT_LIMIT as PAGE } from '../../apps/server/src/http/params.ts';

/** The deep search pages the api bench asks (and `profile-sql.ts search-deep` profiles): 20 common words, offsets from 1,000. */
const DEEP_WORDS = 20;
const DEEP_FROM = 1000;
const DEEP_SPAN = 3950;

/**
 * The i-th deep page's path: word i mod DEEP_WORDS at an offset from DEEP_FROM that keeps a full page
 * of 25 within the word's matches (`totals[w]`, its `total_count`), so no request is a page past the
 * end, which answers no GIFs and costs nothing.
 */
export function deepSearchPage(words: readonly string[], totals: readonly number[]): (i: number) => string {
  const spans = totals.map((total, w) => {
    const span = Math.min(DEEP_SPAN, Math.min(total, SEARCH_CANDIDATES) - PAGE - DEEP_FROM + 1);
    if (span < 1) throw new Error(`"${words[w]}" has ${total} matches, too few for a page past offset ${DEEP_FROM}`);
    return span;
  });
  return (i) => {
    const w = i % DEEP_WORDS;
    return `/v1/gifs/search?q=${words[w]}&offset=${DEEP_FROM + ((i * 97) % spans[w]!)}`;
  };
}

/** The deep pages of `words`, their totals asked through `ask` (a search's path, answered as the API's JSON). */
export async function deepSearchPages(
  words: readonly string[],
  ask: (path: string) => Response | Promise<Response>,
): Promise<(i: number) => string> {
  const totals = await Promise.all(
    words.slice(0, DEEP_WORDS).map(async (word) => {
      const body = (await (await ask(`/v1/gifs/search?q=${word}&limit=1`)).json()) as { pagination: { total_count: number } };
      return body.pagination.total_count;
    }),
  );
  return deepSearchPage(words, totals);
}
