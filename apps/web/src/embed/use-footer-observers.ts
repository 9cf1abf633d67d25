import type { EmbedEvent } from '@loopbox/machines/embed';
import { useEffect, type RefObject } from 'react';
import { GRID_BUTTON_MARKER_THRESHOLD_STEPS, HEADER_MARKER_THRESHOLD_STEPS } from './constants.ts';
import { isPastRootTop, thresholdSteps } from './scroll-markers.ts';

export interface FooterElements {
  /** The scroll container. */
  footer: RefObject<HTMLDivElement | null>;
  /** Marks the grid reaching the header: the Related Gifs heading. */
  headerMarker: RefObject<HTMLHeadingElement | null>;
  /** Marks the grid becoming active: the footer's button bar. */
  gridButtonMarker: RefObject<HTMLDivElement | null>;
  /** The related grid with its heading and call-to-action, whose measured height sets the footer offset. */
  relatedGrid: RefObject<HTMLElement | null>;
}

/** Feeds the embed machine the footer's scroll markers and the related grid's height. */
export function useFooterObservers(elements: FooterElements, send: (event: EmbedEvent) => void, enabled: boolean) {
  // The refs themselves, not the object holding them (a new one each render).
  const { footer, headerMarker, gridButtonMarker, relatedGrid } = elements;
  useEffect(() => {
    if (!enabled || !footer.current || !headerMarker.current || !gridButtonMarker.current || !relatedGrid.current) return;
    const observe = (target: Element, steps: number, onEntry: (entry: IntersectionObserverEntry) => void) => {
      const observer = new IntersectionObserver((entries) => entries.forEach(onEntry), {
        root: footer.current,
        threshold: thresholdSteps(steps),
      });
      observer.observe(target);
      return observer;
    };
    const observers = [
      observe(headerMarker.current, HEADER_MARKER_THRESHOLD_STEPS, (entry) =>
        send({ type: 'HEADER_MARKER', isHittingHeader: isPastRootTop(entry) }),
      ),
      observe(gridButtonMarker.current, GRID_BUTTON_MARKER_THRESHOLD_STEPS, (entry) =>
        send({ type: 'GRID_MARKER', isGridActive: isPastRootTop(entry) }),
      ),
    ];
    const resize = new ResizeObserver(
      ([entry]) =>
        entry && send({ type: 'RELATED_GRID_MEASURED', heightPx: entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height }),
    );
    resize.observe(relatedGrid.current);
    return () => {
      observers.forEach((observer) => {
        observer.disconnect();
      });
      resize.disconnect();
    };
    // The refs are stable; the elements exist once the desktop footer is rendered.
  }, [enabled, send, footer, headerMarker, gridButtonMarker, relatedGrid]);
}
