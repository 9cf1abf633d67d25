import { embedMachine } from '@loopbox/machines/embed';
import { useMachine } from '@xstate/react';
import { useRef, useState, type RefObject } from 'react';
import type { Track } from './analytics.ts';
import { RELATED_GRID_WIDTH_MARGIN_PX } from './constants.ts';
import type { FooterElements } from './use-footer-observers.ts';

// No window when rendered on the server; the related grid is never rendered there.
const relatedGridWidth = () => (typeof window === 'undefined' ? 0 : window.innerWidth - RELATED_GRID_WIDTH_MARGIN_PX);

export interface EmbedElements extends FooterElements {
  video: RefObject<HTMLVideoElement | null>;
}

/**
 * Runs the embed machine with its IO wired to the page: tracking, the video element, the
 * footer's scroll position and the related grid's width (re-read on a throttled resize). The
 * footer's markers and measured grid height come in through `useFooterObservers`.
 */
export function useEmbedMachine(track: Track, asVideo: boolean) {
  const elements: EmbedElements = {
    video: useRef<HTMLVideoElement>(null),
    footer: useRef<HTMLDivElement>(null),
    headerMarker: useRef<HTMLHeadingElement>(null),
    gridButtonMarker: useRef<HTMLDivElement>(null),
    relatedGrid: useRef<HTMLElement>(null),
  };
  const [gridWidth, setGridWidth] = useState(relatedGridWidth);
  const [machine] = useState(() =>
    embedMachine.provide({
      actions: {
        track: (_, params) => track(params),
        pauseVideo: () => elements.video.current?.pause(),
        playVideo: () => void elements.video.current?.play().catch(() => {}),
        scrollGridToTop: () => elements.footer.current?.scrollTo({ top: 0 }),
        rerenderRelatedGrid: () => setGridWidth(relatedGridWidth()),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { media: asVideo ? 'video' : 'image' } });
  return { state, send, elements, gridWidth };
}
