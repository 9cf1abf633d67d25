import { useEffect, type RefObject } from 'react';

/**
 * Keeps a video playing the segment from `start` lasting `duration`, over and over, and reports how
 * far through it is (0–1) each frame; without a playable video, the progress runs on the clock.
 */
export function useSegmentLoop(
  video: RefObject<HTMLVideoElement | null>,
  start: number,
  duration: number,
  onProgress?: (progress: number) => void,
): void {
  useEffect(() => {
    let frame = 0;
    const tick = () => {
      const v = video.current;
      if (v && Number.isFinite(v.duration)) {
        if (v.currentTime < start || v.currentTime >= start + duration) v.currentTime = start;
        onProgress?.(Math.min(1, Math.max(0, (v.currentTime - start) / duration)));
      } else onProgress?.((performance.now() / 1000 / duration) % 1);
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [video, start, duration, onProgress]);
}
