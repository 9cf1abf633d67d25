import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SEEN_THRESHOLD } from '../constants.ts';
import { useIntersection } from '../observers/use-intersection.ts';

/** Any part showing (first sight), and SEEN's share: one observer per tile, or one per Grid when pooled. */
const TILE_THRESHOLDS: readonly number[] = Object.freeze([0, SEEN_THRESHOLD]);

export interface TileVisibilityCallbacks {
  /** The tile showed for the first time. */
  onFirstSight(entry: IntersectionObserverEntry): void;
  /** Once: the image has loaded and the tile is SEEN_THRESHOLD visible, whichever came last. */
  onSeen(boundingClientRect: DOMRectReadOnly): void;
}

/**
 * Whether the tile has been in view yet, from one IntersectionObserver watching both thresholds
 * until SEEN. An observer speaks only when a threshold is crossed, so an image that finishes
 * loading on a tile already fully in view is judged by the last entry.
 */
export function useTileVisibility(tile: RefObject<HTMLElement | null>, loaded: boolean, callbacks: TileVisibilityCallbacks): boolean {
  const [inView, setInView] = useState(false);
  const [seen, setSeen] = useState(false);
  // Refs, not state: two entries can arrive before a re-render, and each callback must run once.
  const sighted = useRef(false);
  const reported = useRef(false);
  const lastRatio = useRef(0);
  const latest = useRef({ loaded, callbacks });
  latest.current = { loaded, callbacks };

  // Refs and a state setter only: the same function for the tile's life.
  const reportSeen = useCallback((rect: DOMRectReadOnly) => {
    if (reported.current) return;
    reported.current = true;
    setSeen(true);
    latest.current.callbacks.onSeen(rect);
  }, []);
  useIntersection(
    tile,
    (entry) => {
      lastRatio.current = entry.intersectionRatio;
      if (entry.isIntersecting && !sighted.current) {
        sighted.current = true;
        setInView(true);
        latest.current.callbacks.onFirstSight(entry);
      }
      if (latest.current.loaded && entry.intersectionRatio >= SEEN_THRESHOLD) reportSeen(entry.boundingClientRect);
    },
    { enabled: !seen, threshold: TILE_THRESHOLDS },
  );
  // Judged when the image loads; later crossings reach the observer's callback. The tile's ref object does not change.
  useEffect(() => {
    if (loaded && lastRatio.current >= SEEN_THRESHOLD && tile.current) reportSeen(tile.current.getBoundingClientRect());
  }, [loaded, tile, reportSeen]);
  return inView;
}
