/** The visitor's last searches, newest first, kept in this browser only. */
export interface RecentSearches {
  list(): string[];
  add(term: string): void;
}

const KEY = 'loopbox:recent-searches';
export const RECENT_SEARCHES_MAX = 5;

/** Recent searches in `storage` (localStorage); without storage, for this page's life only. */
export function createRecentSearches(storage: Pick<Storage, 'getItem' | 'setItem'> | null): RecentSearches {
  let memory: string[] = [];
  const read = (): string[] => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string').slice(0, RECENT_SEARCHES_MAX) : [];
    } catch {
      return [];
    }
  };
  return {
    list: read,
    add(term) {
      const clean = term.trim();
      if (!clean) return;
      const next = [clean, ...read().filter((t) => t.toLowerCase() !== clean.toLowerCase())].slice(0, RECENT_SEARCHES_MAX);
      memory = next;
      try {
        storage?.setItem(KEY, JSON.stringify(next));
      } catch {
        /* storage full or refused: the list stays in memory */
      }
    },
  };
}
