import { useEffect, useRef, type RefObject } from 'react';

export interface IntersectionOptions {
  /** false: observe nothing (and disconnect a running observer). */
  enabled?: boolean;
  threshold?: number;
  rootMargin?: string;
  /** The scrolling ancestor to intersect with; default the viewport. */
  root?: RefObject<Element | null>;
}

/**
 * Calls `onEntry` with each IntersectionObserver entry of the element while enabled. The observer
 * is disconnected when disabled or unmounted, so nothing outlives the component.
 */
export function useIntersection(
  target: RefObject<Element | null>,
  onEntry: (entry: IntersectionObserverEntry) => void,
  { enabled = true, threshold = 0, rootMargin, root }: IntersectionOptions = {},
): void {
  const callback = useRef(onEntry);
  useEffect(() => {
    callback.current = onEntry;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) callback.current(entry);
      },
      { threshold, rootMargin, root: root?.current ?? null },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, threshold, rootMargin, root]);
}
