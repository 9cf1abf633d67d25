import { LRUCache } from 'lru-cache';

/** Reads from the store, reused while the store's change count (Store.contentChanges) stands. */
export interface UnchangedMemo<V extends object | null> {
  read(key: string, load: () => Promise<V>): Promise<V>;
}

/** Bounded to `max` keys; without a change count every call reads. */
export function createUnchangedMemo<V extends object | null>(contentChanges: (() => number) | undefined, max: number): UnchangedMemo<V> {
  if (!contentChanges) return { read: (_key, load) => load() };
  const kept = new LRUCache<string, { changes: number; value: V }>({ max });
  return {
    async read(key, load) {
      // Counted before reading: a change committed during the read leaves the entry already outdated.
      const changes = contentChanges();
      const hit = kept.get(key);
      if (hit?.changes === changes) return hit.value;
      const value = await load();
      kept.set(key, { changes, value });
      return value;
    },
  };
}
