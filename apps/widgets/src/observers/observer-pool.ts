export type EntryCallback = (entry: IntersectionObserverEntry) => void;

export interface ObserverPool {
  /** Calls `onEntry` with the element's entries (the first at once) until the returned function is called. */
  observe(
    element: Element,
    options: { threshold: number | readonly number[]; rootMargin?: string | undefined },
    onEntry: EntryCallback,
  ): () => void;
  disconnect(): void;
}

/**
 * IntersectionObservers shared by every element observed with the same options against the
 * viewport: a Grid of 200 tiles runs one observer for them instead of 200.
 */
export function createObserverPool(): ObserverPool {
  const observers = new Map<string, { observer: IntersectionObserver; callbacks: Map<Element, Set<EntryCallback>> }>();

  const observerFor = (threshold: number | readonly number[], rootMargin: string | undefined) => {
    const key = `${String(threshold)}|${rootMargin ?? ''}`;
    let shared = observers.get(key);
    if (!shared) {
      const callbacks = new Map<Element, Set<EntryCallback>>();
      const observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) for (const callback of [...(callbacks.get(entry.target) ?? [])]) callback(entry);
        },
        { threshold: typeof threshold === 'number' ? threshold : [...threshold], rootMargin },
      );
      shared = { observer, callbacks };
      observers.set(key, shared);
    }
    return shared;
  };

  return {
    observe(element, { threshold, rootMargin }, onEntry) {
      const { observer, callbacks } = observerFor(threshold, rootMargin);
      const existing = callbacks.get(element);
      if (existing) {
        existing.add(onEntry);
        // A target's first entry comes only when it is first observed: observe again so the newcomer gets one.
        observer.unobserve(element);
      } else {
        callbacks.set(element, new Set([onEntry]));
      }
      observer.observe(element);
      return () => {
        const set = callbacks.get(element);
        if (!set?.delete(onEntry) || set.size > 0) return;
        callbacks.delete(element);
        observer.unobserve(element);
      };
    },
    disconnect() {
      for (const { observer } of observers.values()) observer.disconnect();
      observers.clear();
    },
  };
}
