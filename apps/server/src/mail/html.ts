const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
const LONE_LINK = /^https?:\/\/[^\s]+$/;

/**
 * The HTML part of a mail, made from its text: every character escaped, paragraphs at blank lines,
 * and a paragraph that is one link alone (the links the messages put on their own line, all from the
 * configured origin; quoted words are kept on one line with text, so never alone) made clickable.
 */
export function htmlBody(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) =>
      LONE_LINK.test(p) ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>` : `<p>${escapeHtml(p).replace(/\n/g, '<br>\n')}</p>`,
    );
  return `<!doctype html>\n<html><body>\n${paragraphs.join('\n')}\n</body></html>\n`;
}
