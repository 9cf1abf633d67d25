import { useEffect, useRef, useState } from 'react';

/**
 * The width in CSS pixels of the element `ref` is put on, kept up to date as it resizes, so a chart
 * draws at its box's own size (its text stays legible on a phone instead of shrinking with a viewBox).
 */
export function useWidth<E extends Element>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
