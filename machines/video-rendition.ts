import { RENDITION_TOLERANCE_PX } from './constants.ts';

export interface VideoRendition {
  url: string;
  width: number;
  height: number;
}

const area = (r: VideoRendition) => r.width * r.height;

/**
 * The smallest rendition that covers the container within the tolerance, else the
 * largest one; undefined when there is none.
 */
export function chooseRendition(renditions: readonly VideoRendition[], width: number, height: number): VideoRendition | undefined {
  const bySize = [...renditions].sort((a, b) => area(a) - area(b));
  const covering = bySize.find((r) => r.width + RENDITION_TOLERANCE_PX >= width && r.height + RENDITION_TOLERANCE_PX >= height);
  return covering ?? bySize.at(-1);
}

/**
 * The rendition to switch to for a new container size, or undefined to keep the current
 * one. Only upgrades: the loaded source already covers any smaller box, and swapping
 * down would rebuffer (and flip-flop on resize jitter around a threshold).
 */
export function betterRendition(
  current: VideoRendition | undefined,
  renditions: readonly VideoRendition[],
  width: number,
  height: number,
): VideoRendition | undefined {
  const chosen = chooseRendition(renditions, width, height);
  if (!chosen) return undefined;
  return !current || area(chosen) > area(current) ? chosen : undefined;
}
