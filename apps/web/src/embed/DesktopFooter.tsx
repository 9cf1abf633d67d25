import { FOOTER_OFFSET_EXTRA_PX } from '@loopbox/machines/constants';
import type { IGif, LoopboxFetch } from '@loopbox/sdk';
import type { PingbackSink } from '@loopbox/widgets';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import type { Track } from './analytics.ts';
import { Attribution } from './Attribution.tsx';
import { FOOTER_PAUSE_FOR_STICKERS, PROVIDER_NAME } from './constants.ts';
import { PauseButton } from './EmbedHeader.tsx';
import { CloseIcon } from './icons.tsx';
import type { FooterElements } from './use-footer-observers.ts';

const RelatedGrid = lazy(() => import('./RelatedGrid.tsx'));

/** What the related grid reads through: the provider client with the embed key. */
export type RelatedClient = Pick<LoopboxFetch, 'related'>;

export interface DesktopFooterProps {
  gif: IGif;
  /** The attribution's avatar (embed-data.ts). */
  avatarUrl: string;
  client: RelatedClient;
  paused: boolean;
  /** The Watch button's host, when the GIF has watchable external media. */
  watchHost: string | undefined;
  /** Render the related grid (created on first hover, or opened on demand). */
  showRelated: boolean;
  /** No room beside or below the GIF: the grid opens with More, over the GIF. */
  relatedOnDemand: boolean;
  relatedOpen: boolean;
  gridWidth: number;
  refs: FooterElements;
  track: Track;
  /** Where the related grid's pingbacks go (the page's pipeline). */
  pingback?: PingbackSink | undefined;
  onTogglePause: () => void;
  onWatch: () => void;
  onScroll: () => void;
  onOpenRelated: () => void;
  onCloseRelated: () => void;
}

/**
 * The desktop footer (SPEC 2.1): pause/play by the sticker flag, attribution and Watch in a bar,
 * then Related Gifs with their grid and call-to-action (the measured related grid of the footer
 * offset), and the 'Continue Watching' bar. Where the grid would cover the GIF, the bar's More
 * button opens it and a close control (or Escape) shuts it; focus follows.
 */
export function DesktopFooter(props: DesktopFooterProps) {
  const { gif, avatarUrl, client, paused, watchHost, showRelated, relatedOnDemand, relatedOpen, gridWidth, refs, track, pingback } = props;
  const more = useRef<HTMLButtonElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(relatedOpen);
  // Before paint, in the commit that shows or hides the grid: focus never rests on a hidden control.
  useLayoutEffect(() => {
    if (relatedOpen) close.current?.focus();
    else if (wasOpen.current) more.current?.focus();
    wasOpen.current = relatedOpen;
  }, [relatedOpen]);
  const openGifPage = (label: string) => {
    track({ category: 'Embed', action: 'Click', label });
    window.open(gif.url, '_blank', 'noopener');
  };
  return (
    <div className="lb-embed__footer" ref={refs.footer} onScroll={props.onScroll}>
      {/* The offset's fixed part is this bar, so the raised footer shows it whole above the grid. */}
      <div className="lb-embed__footer-bar" ref={refs.gridButtonMarker} style={{ height: FOOTER_OFFSET_EXTRA_PX }}>
        {gif.is_sticker === FOOTER_PAUSE_FOR_STICKERS && <PauseButton paused={paused} onClick={props.onTogglePause} />}
        <Attribution
          user={gif.user}
          avatarUrl={avatarUrl}
          onClick={() => track({ category: 'Embed', action: 'Click', label: 'Attribution' })}
        />
        {watchHost && (
          <button type="button" className="lb-embed__watch" onClick={props.onWatch}>
            Watch
          </button>
        )}
        {relatedOnDemand && (
          <button type="button" ref={more} className="lb-embed__more" aria-expanded={relatedOpen} onClick={props.onOpenRelated}>
            More
          </button>
        )}
      </div>
      <section className="lb-embed__related" aria-label="Related Gifs" ref={refs.relatedGrid}>
        <h2 className="lb-embed__related-header" ref={refs.headerMarker}>
          Related Gifs
        </h2>
        {relatedOnDemand && (
          <button
            type="button"
            ref={close}
            className="lb-embed__related-close"
            aria-label="Close related GIFs"
            onClick={props.onCloseRelated}
          >
            <CloseIcon />
          </button>
        )}
        {showRelated && (
          <Suspense fallback={null}>
            <RelatedGrid gifId={gif.id} client={client} width={gridWidth} track={track} pingback={pingback} />
          </Suspense>
        )}
        <button type="button" className="lb-embed__related-cta" onClick={() => openGifPage('View More CTA')}>
          View More on {PROVIDER_NAME}
        </button>
      </section>
      {/* Sticks to the bottom of the raised footer, over the grid, until scrolled past its end. */}
      <button type="button" className="lb-embed__cta-bar" onClick={() => openGifPage('Continue Watching CTA')}>
        Continue Watching on {PROVIDER_NAME}
      </button>
    </div>
  );
}
