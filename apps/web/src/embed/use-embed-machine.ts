import { embedMachine } from '@loopbox/machines/embed';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Track } from './analytics.ts';
import { REDUCED_MOTION_QUERY } from './constants.ts';
import type { Size } from './related-layout.ts';
import type { FooterElements } from './use-footer-observers.ts';

const frameSize = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

export interface EmbedElements extends FooterElements {
  video: RefObject<HTMLVideoElement | null>;
}

/**
 * Runs the embed machine with its IO wired to the page: tracking, the video element, the
 * footer's scroll position and the frame's size (read at mount, as the server knows none, and
 * re-read on a throttled resize), which places the related grid. At mount a visitor's preference
 * for reduced motion stops the GIF. The footer's markers and measured grid height come in through
 * `useFooterObservers`.
 */
export function useEmbedMachine(track: Track, asVideo: boolean) {
  const elements: EmbedElements = {
    video: useRef<HTMLVideoElement>(null),
    footer: useRef<HTMLDivElement>(null),
    headerMarker: useRef<HTMLHeadingElement>(null),
    gridButtonMarker: useRef<HTMLDivElement>(null),
    relatedGrid: useRef<HTMLElement>(null),
  };
  const [frame, setFrame] = useState<Size | undefined>(undefined);
  const [machine] = useState(() =>
    embedMachine.provide({
      actions: {
        track: (_, params) => track(params),
        pauseVideo: () => elements.video.current?.pause(),
        // A refused autoplay leaves the video paused; the header's Play button starts it.
        playVideo: () => void elements.video.current?.play().catch(() => {}),
        scrollGridToTop: () => elements.footer.current?.scrollTo({ top: 0 }),
        rerenderRelatedGrid: () => setFrame(frameSize()),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { media: asVideo ? 'video' : 'image' } });
  useEffect(() => {
    setFrame(frameSize());
    if (window.matchMedia?.(REDUCED_MOTION_QUERY).matches) send({ type: 'REDUCE_MOTION' });
    // Once, at mount (send never changes): the served markup is the same for everyone; the page adapts once hydrated.
  }, [send]);
  return { state, send, elements, frame };
}
