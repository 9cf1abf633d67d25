/**
 * Copies text: the Clipboard API where the page may use it, else whatever `select` selects (the
 * field or element showing the text) with execCommand. True only when the text was copied.
 */
export async function copyText(text: string, select: () => void): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    select();
    return document.execCommand('copy');
  }
}

/** Selects an element's text, for copyText's fallback where the text is not in a field. */
export function selectContents(element: Element | null): void {
  if (element) window.getSelection()?.selectAllChildren(element);
}
