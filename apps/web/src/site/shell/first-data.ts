import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@loopbox/pages';
import { MemoryCacheStore, type CacheEntry, type CacheStore, type WireEnvelope } from '@loopbox/sdk';

/** The API answers the server wrote into the page for its first screen (apps/server/src/web/first-screen). */
export function readFirstData(doc: Document): Record<string, WireEnvelope> {
  const element = doc.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    const data: unknown = JSON.parse(element.textContent);
    return data && typeof data === 'object' ? (data as Record<string, WireEnvelope>) : {};
  } catch {
    return {};
  }
}

/**
 * The client's response cache, holding from the start the answers the server wrote into the page:
 * the first screen's requests are answered without a round trip, each as fresh as the page.
 */
export function firstDataCache(data: Record<string, WireEnvelope>, now: () => number = () => Date.now()): CacheStore<WireEnvelope> {
  const store = new MemoryCacheStore<WireEnvelope>();
  const loadedAt = now();
  return {
    get(key): CacheEntry<WireEnvelope> | undefined {
      const held = store.get(key);
      if (held) return held;
      const written = data[firstDataKey(key)];
      return written ? { ok: true, value: written, storedAt: loadedAt } : undefined;
    },
    set: (key, entry) => store.set(key, entry),
  };
}
