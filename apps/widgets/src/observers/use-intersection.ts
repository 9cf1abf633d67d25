import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';
import type { ObserverPool } from './observer-pool.ts';

/** An enclosing widget's shared observers (see createObserverPool); without one each element gets its own. */
export const ObserverPoolContext = createContext<ObserverPool | null>(null);

export interface IntersectionOptions {
  /** false: observe nothing (and disconnect a running observer). */
  enabled?: boolean;
  /** One ratio or several; keep an array's identity stable across renders (a new one re-observes). */
  threshold?: number | readonly number[];
  rootMargin?: string;
  /** The scrolling ancestor to intersect with; default the viewport. */
  root?: RefObject<Element | null>;
}

/**
 * Calls `onEntry` with each IntersectionObserver entry of the element while enabled. The observer
 * is disconnected (or the pooled one let go) when disabled or unmounted, so nothing outlives the component.
 */
export function useIntersection(
  target: RefObject<Element | null>,
  onEntry: (entry: IntersectionObserverEntry) => void,
  { enabled = true, threshold = 0, rootMargin, root }: IntersectionOptions = {},
): void {
  const callback = useRef(onEntry);
  const pool = useContext(ObserverPoolContext);
  useEffect(() => {
    callback.current = onEntry;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element) return undefined;
    if (pool && !root) return pool.observe(element, { threshold, rootMargin }, (entry) => callback.current(entry));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) callback.current(entry);
      },
      { threshold: typeof threshold === 'number' ? threshold : [...threshold], rootMargin, root: root?.current ?? null },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, threshold, rootMargin, root, pool]);
}
