/** `steps` thresholds evenly from 0 to 1: 5 steps are 0, 0.25, 0.5, 0.75, 1. */
export function thresholdSteps(steps: number): number[] {
  return Array.from({ length: steps }, (_, i) => i / (steps - 1));
}

/**
 * Whether a marker has started to scroll out over the top of its scroll container: any part of it
 * above the container's top edge. Below the edge (or the footer not raised) it has not.
 */
export function isPastRootTop(entry: Pick<IntersectionObserverEntry, 'boundingClientRect' | 'rootBounds'>): boolean {
  return entry.rootBounds !== null && entry.boundingClientRect.top < entry.rootBounds.top;
}
