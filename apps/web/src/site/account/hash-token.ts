import { useState } from 'react';

/**
 * The secret a mailed link carries after `#token=` (never sent to a server, so never in an access
 * log). Read once when the page opens, then dropped from the address bar and the history entry.
 */
export function useHashToken(): string | undefined {
  const [token] = useState(() => {
    const found = new URLSearchParams(location.hash.slice(1)).get('token') ?? undefined;
    if (found !== undefined) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return found;
  });
  return token;
}
