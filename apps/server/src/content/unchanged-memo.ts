import { LRUCache } from 'lru-cache';

/** Reads from the store, reused while the store's change count (Store.contentChanges) stands. */
export interface UnchangedMemo<V extends object | string | null> {
  read(key: string, load: () => Promise<V>): Promise<V>;
  /**
   * Many keys at once: only those not read since the last change are loaded, together. A key the
   * loader leaves out is kept as absent and left out of the answer likewise.
   */
  readEach(keys: readonly string[], loadMissing: (missing: string[]) => Promise<Map<string, V>>): Promise<Map<string, V>>;
}

/**
 * Bounded to `max` keys, and each kept at most `ttlMs` when given (for what also moves with time);
 * without a change count every call reads.
 */
export function createUnchangedMemo<V extends object | string | null>(
  contentChanges: (() => number) | undefined,
  max: number,
  ttlMs?: number,
): UnchangedMemo<V> {
  if (!contentChanges) return { read: (_key, load) => load(), readEach: (keys, loadMissing) => loadMissing([...keys]) };
  const kept = new LRUCache<string, { changes: number; value: V | undefined }>({ max, ...(ttlMs ? { ttl: ttlMs } : {}) });
  return {
    async read(key, load) {
      // Counted before reading: a change committed during the read leaves the entry already outdated.
      const changes = contentChanges();
      const hit = kept.get(key);
      if (hit?.changes === changes && hit.value !== undefined) return hit.value;
      const value = await load();
      kept.set(key, { changes, value });
      return value;
    },
    async readEach(keys, loadMissing) {
      const changes = contentChanges();
      const values = new Map<string, V>();
      const missing: string[] = [];
      for (const key of keys) {
        const hit = kept.get(key);
        if (hit?.changes !== changes) missing.push(key);
        else if (hit.value !== undefined) values.set(key, hit.value);
      }
      if (missing.length === 0) return values;
      const found = await loadMissing(missing);
      for (const key of missing) {
        const value = found.get(key);
        kept.set(key, { changes, value });
        if (value !== undefined) values.set(key, value);
      }
      return values;
    },
  };
}
