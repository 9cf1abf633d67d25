import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** How long a back or forward navigation waits for the page to grow tall enough to restore its scroll. */
const RESTORE_WAIT_MS = 1500;

/**
 * Scroll and focus after client-side navigation to another page (`pageKey`; an address rewritten
 * while scrolling a search is the same page): a new page starts at the top with the focus on `main`
 * (so keyboard and screen-reader users start there too); back and forward return to where the page
 * was left, once its content is tall enough.
 */
export function useNavigationScroll(pageKey: string, main: RefObject<HTMLElement | null>): void {
  const positions = useRef(new Map<string, number>());
  const popped = useRef(false);
  const previous = useRef(pageKey);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const onPop = () => {
      popped.current = true;
    };
    const onScroll = () => positions.current.set(previous.current, window.scrollY);
    addEventListener('popstate', onPop);
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener('scroll', onScroll);
    };
  }, []);

  useLayoutEffect(() => {
    if (previous.current === pageKey) return undefined;
    previous.current = pageKey;
    if (!popped.current) {
      window.scrollTo(0, 0);
      main.current?.focus({ preventScroll: true });
      return undefined;
    }
    popped.current = false;
    const target = positions.current.get(pageKey) ?? 0;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      if (reachable || performance.now() - started > RESTORE_WAIT_MS) window.scrollTo(0, target);
      else frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [pageKey, main]);
}
