/**
 * The caption fonts' advance widths (DejaVu bold, as the server draws captions), so the maker's
 * preview and the server's render measure a caption alike without a font engine. Each character
 * from U+0020 to U+00FF is two base-36 digits, its width in thousandths of an em (00: no glyph).
 * Made by apps/pages/scripts/caption-metrics.ts from the fonts' hmtx tables.
 */
import type { CaptionFont } from './gif-maker.ts';

const FIRST_CODE = 0x20;
const TABLES: Record<CaptionFont, string> = {
  sans: '9pcpehnajcruo98jcqcqejnaakbkaka6jcjcjcjcjcjcjcjcjcjcb4b4nananag5rslil7ken3j0j0mtn9adadljhqron9nnkdnnlfk1izmlliuolfk5k6cqa6cqnadwdwirjwghjwivc4jwjs9j9jii9jsyjsj4jwjwdqgkdbjsi4pohyi4g7jsa6jsna0000000000000000000000000000000000000000000000000000000000000000009pcpjcjchpjca6dwdwrsfohynabkrsdwdwnac6c6dwkghpakdwc6fohyssssssg5lilililililiu5kej0j0j0j0adadadadnan9nnnnnnnnnnnannmlmlmlmlk5kik0iriririririrt4ghiviviviv9j9j9j9jj4jsj4j4j4j4j4naj4jsjsjsjsi4jwi4',
  serif:
    '9pc7ehnajcqfp38jd6d6ejna9pbk9pa6jcjcjcjcjcjcjcjcjcjcaaaanananagarslknim4o4l7jqnrq9d0d6o6jkurpfo8kwo8n4k3kpo9lkv8lkjukad6a6d6nadwdwi0jggxjghpbzjgk8aka2j9aktfk8ijjgjgenfncuk8g6nxglg6fshwa4hwna0000000000000000000000000000000000000000000000000000000000000000009pc7jcjchpjca4ejdwrsdjhdnabkrsdwdwnac6c6dwkchp9pdwc6dwhdszszszgalklklklklklksrm4l7l7l7l7d0d0d0d0obpfo8o8o8o8o8nao8o9o9o9o9jul1l4i0i0i0i0i0i0r4gxhphphphpakakakakijk8ijijijijijnaijk8k8k8k8g6jgg6',
  mono: 'grgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgr000000000000000000000000000000000000000000000000000000000000000000grgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgrgr',
};

/** A character outside the table (or without a glyph): wider than any Latin letter, so a caption using it shrinks rather than overflows. */
export const UNKNOWN_CHAR_EM = 1.25;

const WIDTHS: Record<CaptionFont, number[]> = Object.fromEntries(
  Object.entries(TABLES).map(([font, table]) => [
    font,
    Array.from({ length: table.length / 2 }, (_, i) => parseInt(table.slice(i * 2, i * 2 + 2), 36) / 1000),
  ]),
) as Record<CaptionFont, number[]>;

/** A text's advance width in ems, in one of the caption fonts. */
export function textEm(text: string, font: CaptionFont): number {
  const widths = WIDTHS[font];
  let em = 0;
  for (const char of text) {
    const width = widths[char.codePointAt(0)! - FIRST_CODE];
    em += width ? width : UNKNOWN_CHAR_EM;
  }
  return em;
}
