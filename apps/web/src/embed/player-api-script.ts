/**
 * Inserts `<script src>` into the document unless a script of that source is already there; the
 * first video host's API is loaded on demand this way (SPEC 7.7). Returns whether it inserted one.
 */
export function insertScriptOnce(doc: Document, src: string): boolean {
  if (Array.from(doc.scripts).some((script) => script.getAttribute('src') === src)) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  doc.head.append(script);
  return true;
}
