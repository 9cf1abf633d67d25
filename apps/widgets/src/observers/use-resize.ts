import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onResize` with the element's content box size on every change; disconnects on unmount. */
export function useResize(target: RefObject<Element | null>, onResize: (width: number, height: number) => void): void {
  const callback = useRef(onResize);
  useEffect(() => {
    callback.current = onResize;
  });
  useEffect(() => {
    const element = target.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.contentRect;
      if (box) callback.current(Math.round(box.width), Math.round(box.height));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
}
