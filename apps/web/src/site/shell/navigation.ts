import type { MouseEvent, KeyboardEvent } from 'react';

/**
 * A click the page may take over for client-side navigation: the main button, no modifier keys
 * (those open new tabs or windows) and nothing else handled it already.
 */
export function isPlainClick(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  if (event.defaultPrevented) return false;
  if ('button' in event && event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
