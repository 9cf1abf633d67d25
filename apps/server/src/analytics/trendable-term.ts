import { TRENDING_TERM_MAX_LENGTH, TRENDING_TERM_MAX_WORDS } from './constants.ts';

/**
 * What a trending term may be made of: letters, marks, digits, emoji (with their joiners, variation
 * selectors and skin tones), spaces and a little punctuation. Everything else (quotes, angle brackets,
 * semicolons, slashes, percent signs, braces, dollar signs, the replacement character, controls) is
 * what probes, URLs and broken encodings are made of, never what a searcher means.
 */
const ALLOWED = /^(?:[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator} \-!?.&+#,:]|\u200d|\ufe0f)+$/u;
const MEANINGFUL = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;
/** Sequences of allowed characters that still only appear in probes, paths and links. */
const PROBE = /--|\.\.|:\/|www\.|\.(?:com|net|org|io|ru|xyz|info|biz|top|co|me|ly)\b/u;

/** Whether a normalised search term may trend at all (before handles, blocks and searcher counts). */
export function isTrendableText(term: string): boolean {
  if (term.length === 0 || term !== term.trim()) return false;
  if (term.startsWith('@')) return false;
  if ([...term].length > TRENDING_TERM_MAX_LENGTH || term.split(' ').length > TRENDING_TERM_MAX_WORDS) return false;
  return ALLOWED.test(term) && MEANINGFUL.test(term) && !PROBE.test(term);
}

/** The words of a term, as the blocklist compares them. */
const wordsOf = (term: string) => term.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);

/**
 * Whether a term holds a blocked entry: a one-word entry matches any word of the term or the whole
 * term written together (`via gra`), a longer entry the same words in a row or any word that is the
 * entry written together (`freerobux`).
 */
export function hitsBlocklist(term: string, blocklist: ReadonlySet<string>): boolean {
  const words = wordsOf(term);
  if (words.some((w) => blocklist.has(w)) || blocklist.has(words.join(''))) return true;
  const spaced = ` ${words.join(' ')} `;
  for (const entry of blocklist) {
    if (!entry.includes(' ')) continue;
    if (spaced.includes(` ${entry} `) || words.includes(entry.replaceAll(' ', ''))) return true;
  }
  return false;
}
