/** The deep search pages the api bench asks (and `profile-sql.ts search-deep` profiles): 20 common words, offsets from 1,000. */
export const DEEP_WORDS = 20;
const DEEP_FROM = 1000;
const DEEP_SPAN = 3950;
const PAGE = 25;
/** The most positions a search ranks (content/constants.ts READ_POSITIONS): GIPHY's last offset, 4,999, plus a page of 50. */
const RANKED = 5049;

/**
 * The i-th deep page's path: word i mod DEEP_WORDS at an offset from DEEP_FROM that keeps a full page
 * of 25 within the word's matches (`totals[w]`, its `total_count`), so no request is a page past the
 * end, which answers no GIFs and costs nothing.
 */
export function deepSearchPage(words: readonly string[], totals: readonly number[]): (i: number) => string {
  const spans = words.slice(0, DEEP_WORDS).map((word, w) => {
    const span = Math.min(DEEP_SPAN, Math.min(totals[w] ?? 0, RANKED) - PAGE - DEEP_FROM + 1);
    if (span < 1) throw new Error(`"${word}" has ${totals[w]} matches, too few for a page past offset ${DEEP_FROM}`);
    return span;
  });
  return (i) => {
    const w = i % DEEP_WORDS;
    return `/v1/gifs/search?q=${words[w]}&offset=${DEEP_FROM + ((i * 97) % spans[w]!)}`;
  };
}
