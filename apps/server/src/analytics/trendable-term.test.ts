import { describe, expect, it } from 'vitest';
import { normaliseTerm } from './search-log.ts';
import { hitsBlocklist, isTrendableText } from './trendable-term.ts';
import { DEFAULT_BLOCKLIST_FILE, readBlocklist } from './trending-settings.ts';

describe('trendable terms', () => {
  it('takes words, numbers, emoji and a little punctuation', () => {
    for (const term of ['cats', 'happy birthday', 'día de muertos', 'お疲れ様', '🐱', '👍🏽', 'c++', 'ok!', 'tgif 2026', 'rock & roll'])
      expect(isTrendableText(normaliseTerm(term)), term).toBe(true);
  });

  it('refuses handles, broken encodings, controls, probes, links and long text', () => {
    const refused = [
      '@someone',
      '%ed%a0%80',
      'caf\ufffd',
      'a\u200bb',
      "x' or 1=1",
      'x" onmouseover',
      '<script>',
      'a; drop table',
      'cats--',
      '../etc/passwd',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a Log4Shell probe, literally
      '${jndi:ldap}',
      'https://evil.example',
      'www.spam',
      'buy at shop.com',
      '---',
      'one two three four five six seven',
      'x'.repeat(41),
    ];
    for (const term of refused) expect(isTrendableText(normaliseTerm(term)), term).toBe(false);
  });

  it("finds the shipped blocklist's entries as words, joined up or in a row", () => {
    const list = new Set(readBlocklist(DEFAULT_BLOCKLIST_FILE));
    expect(hitsBlocklist('cheap viagra', list)).toBe(true);
    expect(hitsBlocklist('free robux now', list)).toBe(true);
    expect(hitsBlocklist('freerobux', list)).toBe(true);
    expect(hitsBlocklist('casino-night', list)).toBe(true);
    expect(hitsBlocklist('free hugs', list)).toBe(false);
    expect(hitsBlocklist('classic cats', list)).toBe(false);
  });
});
