import { gifPath, parseSitePath } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { type KeyboardEvent, type MouseEvent, useCallback } from 'react';
import { useLocation } from 'wouter';

/**
 * A click the page may take over for client-side navigation: the main button, no modifier keys
 * (those open new tabs or windows) and nothing else handled it already.
 */
export function isPlainClick(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  if (event.defaultPrevented) return false;
  if ('button' in event && event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

/** A tile's click handler that opens the GIF's page in the app instead of loading it anew. */
export function useOpenGif() {
  const [, navigate] = useLocation();
  return (gif: IGif, event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigate(gifPath(gif));
  };
}

/**
 * Goes to a path of this site: inside the app when it is one of the app's pages, else by loading it
 * (the dashboard and the light pages are pages of their own).
 */
export function useGoTo() {
  const [, navigate] = useLocation();
  // The same function across renders (wouter's navigate is), so effects may depend on it.
  return useCallback(
    (path: string, options: { replace?: boolean } = {}) => {
      if (parseSitePath(path).page === 'not-found') {
        if (options.replace) location.replace(path);
        else location.assign(path);
      } else navigate(path, options);
    },
    [navigate],
  );
}
