import type { IGif, LoopboxFetch } from '@loopbox/sdk';
import type { PingbackSink } from '@loopbox/widgets';
import { useCallback, useEffect, useMemo } from 'react';
import type { Track } from './analytics.ts';
import { DesktopFooter } from './DesktopFooter.tsx';
import { embedCode } from '@loopbox/pages';
import { EmbedHeader } from './EmbedHeader.tsx';
import { watchableMedia } from './external-video.ts';
import { GifMedia, playsAsVideo } from './GifMedia.tsx';
import { MediaOverlay } from './MediaOverlay.tsx';
import { MobileFooter } from './MobileFooter.tsx';
import type { PlayerReport } from './player-messages.ts';
import { ShareMenu } from './ShareMenu.tsx';
import { useEmbedMachine } from './use-embed-machine.ts';
import { useFooterObservers } from './use-footer-observers.ts';

export interface EmbedViewProps {
  gif: IGif;
  client: LoopboxFetch;
  isMobile: boolean;
  /** Embed options (SPEC 3): hide the Watch button. */
  hideVideo?: boolean;
  homeUrl: string;
  track: Track;
  /** Where the related grid's pingbacks go (the page's pipeline). */
  pingback?: PingbackSink;
}

/** The single-GIF embed view (SPEC 2.1): renders the embed machine's state and sends it events. */
export function EmbedView({ gif, client, isMobile, hideVideo = false, homeUrl, track, pingback }: EmbedViewProps) {
  const asVideo = playsAsVideo(gif, isMobile);
  const { state, send, elements, gridWidth } = useEmbedMachine(track, asVideo);
  const media = watchableMedia(gif.external_media, hideVideo);
  const overlayOpen = Boolean(media) && state.matches({ mediaOverlay: 'open' });
  useFooterObservers(elements, send, !isMobile && !overlayOpen);
  const pageUrl = gif.url ?? homeUrl;
  const code = useMemo(
    () => embedCode({ embedUrl: gif.embed_url ?? '', pageUrl, width: gif.images.original?.width ?? 0, height: gif.images.original?.height ?? 0 }),
    [gif, pageUrl],
  );

  useEffect(() => {
    const onResize = () => send({ type: 'WINDOW_RESIZE' });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [send]);

  const onPlayerReport = useCallback((report: PlayerReport) => send(report), [send]);
  const onFooterScroll = () => send({ type: 'GRID_SCROLLED' });
  const watch = () => media && send({ type: 'OPEN_MEDIA_OVERLAY', providerName: media.provider_name });

  if (media && overlayOpen) {
    return (
      <div className="lb-embed lb-embed--ready">
        <MediaOverlay
          media={media}
          isMobile={isMobile}
          showBack={state.matches({ mediaOverlay: { open: 'backToGifShown' } })}
          onPlayerReport={onPlayerReport}
          onBack={() => send({ type: 'CLOSE_MEDIA_OVERLAY' })}
        />
      </div>
    );
  }

  const hovered = !isMobile && (state.matches({ hover: 'hovered' }) || state.matches({ hover: 'leaving' }));
  const shareOpen = !isMobile && state.matches({ share: 'open' });
  const paused = state.matches({ playback: 'paused' });
  const classes = [
    'lb-embed',
    isMobile ? 'lb-embed--mobile' : 'lb-embed--desktop',
    hovered && !shareOpen && 'lb-embed--hovered',
    shareOpen && 'lb-embed--share-open',
    state.context.isFooterRaised && 'lb-embed--footer-raised',
    state.matches({ intro: 'ready' }) && 'lb-embed--ready',
    paused && 'lb-embed--paused',
  ];

  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      onMouseEnter={isMobile ? undefined : () => send({ type: 'MOUSE_ENTER' })}
      onMouseLeave={isMobile ? undefined : () => send({ type: 'MOUSE_LEAVE' })}
    >
      <GifMedia
        gif={gif}
        asVideo={asVideo}
        paused={paused}
        videoRef={elements.video}
        onClick={() => track({ category: 'Embed', action: 'Click', label: 'Image' })}
        onIntroEnd={() => send({ type: 'INTRO_ANIMATION_END' })}
      />
      <div className="lb-embed__dim" aria-hidden="true" />
      {isMobile ? (
        <MobileFooter
          gif={gif}
          open={state.matches({ mobileFooter: 'open' })}
          watchHost={media?.provider_name}
          track={track}
          onToggle={() => send({ type: 'TOGGLE_MOBILE_FOOTER' })}
          onWatch={watch}
        />
      ) : (
        <>
          <EmbedHeader
            homeUrl={homeUrl}
            paused={paused}
            shareOpen={shareOpen}
            isHittingGrid={state.context.isGridHittingHeader}
            onTogglePause={() => send({ type: 'TOGGLE_PAUSE' })}
            onToggleShare={() => send({ type: 'TOGGLE_SHARE' })}
          />
          {shareOpen && (
            <ShareMenu
              gif={gif}
              pageUrl={pageUrl}
              code={code}
              favoriteActive={state.matches({ favorite: 'active' })}
              track={track}
              onFavorite={() => send({ type: 'FAVORITE_CLICKED' })}
              onClose={() => send({ type: 'CLOSE_SHARE' })}
            />
          )}
          <DesktopFooter
            gif={gif}
            client={client}
            paused={paused}
            watchHost={media?.provider_name}
            showRelated={state.context.isRelatedGridCreated}
            gridWidth={gridWidth}
            offsetPx={state.context.footerOffsetPx}
            refs={elements}
            track={track}
            pingback={pingback}
            onTogglePause={() => send({ type: 'TOGGLE_PAUSE' })}
            onWatch={watch}
            onScroll={onFooterScroll}
          />
        </>
      )}
    </div>
  );
}
