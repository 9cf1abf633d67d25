import { useEffect, useState } from 'react';

/** Reads `#token=…` from the address and drops it from the address bar and the history entry. */
function takeToken(): string | undefined {
  const found = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
  if (found !== undefined) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return found;
}

/**
 * The secret a mailed link carries after `#token=` (never sent to a server, so never in an access
 * log): read when the page opens, or when a link is opened in a tab already showing the page, then
 * dropped from the address. `clear` forgets it (to ask for a new link).
 */
export function useHashToken(): [token: string | undefined, clear: () => void] {
  const [token, setToken] = useState(takeToken);
  useEffect(() => {
    const opened = () => {
      const found = takeToken();
      if (found !== undefined) setToken(found);
    };
    window.addEventListener('hashchange', opened);
    return () => window.removeEventListener('hashchange', opened);
  }, []);
  return [token, () => setToken(undefined)];
}
