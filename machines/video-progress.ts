import { QUARTILES, SHORT_VIDEO_FULL_PROGRESS_THRESHOLD, SHORT_VIDEO_MAX_DURATION_S, type Quartile } from './constants.ts';

/** Played fraction 0..1, clamped; 0 while the duration is unknown. */
export function playedFraction(currentTime: number, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(Math.max(currentTime / duration, 0), 1);
}

/** The progress bar value 0..1: short videos show full once past the threshold (SPEC 9). */
export function displayedProgress(currentTime: number, duration: number): number {
  const fraction = playedFraction(currentTime, duration);
  const showFull = duration < SHORT_VIDEO_MAX_DURATION_S && fraction > SHORT_VIDEO_FULL_PROGRESS_THRESHOLD;
  return showFull ? 1 : fraction;
}

/** Quartiles passed at this time that were not reported yet, in order. */
export function newlyReachedQuartiles(currentTime: number, duration: number, reported: readonly Quartile[]): Quartile[] {
  const fraction = playedFraction(currentTime, duration);
  return QUARTILES.filter((q) => fraction >= q && !reported.includes(q));
}
