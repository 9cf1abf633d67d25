import type { IGif, LoopboxFetch } from '@loopbox/sdk';
import { lazy, Suspense, type Ref, type UIEvent } from 'react';
import type { Track } from './analytics.ts';
import { Attribution } from './Attribution.tsx';
import { FOOTER_PAUSE_FOR_STICKERS, PROVIDER_NAME } from './constants.ts';
import { PauseButton } from './EmbedHeader.tsx';

const RelatedGrid = lazy(() => import('./RelatedGrid.tsx'));

export interface DesktopFooterProps {
  gif: IGif;
  client: LoopboxFetch;
  paused: boolean;
  /** The Watch button's host, when the GIF has watchable external media. */
  watchHost: string | undefined;
  showRelated: boolean;
  gridWidth: number;
  scrollRef: Ref<HTMLDivElement>;
  track: Track;
  onTogglePause: () => void;
  onWatch: () => void;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
}

/**
 * The desktop footer (SPEC 2.1): pause/play by the sticker flag, attribution, Watch, the
 * 'Continue Watching' bar, then Related Gifs with their grid and call-to-action.
 */
export function DesktopFooter(props: DesktopFooterProps) {
  const { gif, client, paused, watchHost, showRelated, gridWidth, scrollRef, track } = props;
  const openGifPage = (label: string) => {
    track({ category: 'Embed', action: 'Click', label });
    window.open(gif.url, '_blank', 'noopener');
  };
  return (
    <div className="lb-embed__footer" ref={scrollRef} onScroll={props.onScroll}>
      <div className="lb-embed__footer-bar">
        {gif.is_sticker === FOOTER_PAUSE_FOR_STICKERS && <PauseButton paused={paused} onClick={props.onTogglePause} />}
        <Attribution user={gif.user} onClick={() => track({ category: 'Embed', action: 'Click', label: 'Attribution' })} />
        {watchHost && (
          <button type="button" className="lb-embed__watch" onClick={props.onWatch}>
            Watch
          </button>
        )}
      </div>
      <button type="button" className="lb-embed__cta-bar" onClick={() => openGifPage('Continue Watching CTA')}>
        Continue Watching on {PROVIDER_NAME}
      </button>
      <section className="lb-embed__related" aria-label="Related Gifs">
        <h2 className="lb-embed__related-header">Related Gifs</h2>
        {showRelated && (
          <Suspense fallback={null}>
            <RelatedGrid gifId={gif.id} client={client} width={gridWidth} track={track} />
          </Suspense>
        )}
        <button type="button" className="lb-embed__related-cta" onClick={() => openGifPage('View More CTA')}>
          View More on {PROVIDER_NAME}
        </button>
      </section>
    </div>
  );
}
