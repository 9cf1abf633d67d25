import type { PingbackSink } from '@loopbox/widgets';
import { lazy, Suspense, useCallback, useEffect, useRef, type CSSProperties } from 'react';
import { PlayIcon } from '../ui/icons.tsx';
import type { Track } from './analytics.ts';
import { DesktopFooter, type RelatedClient } from './DesktopFooter.tsx';
import type { EmbedViewData } from './embed-data.ts';
import { EmbedHeader } from './EmbedHeader.tsx';
import { watchableMedia } from './external-video.ts';
import { GifMedia, playsAsVideo } from './GifMedia.tsx';
import { MobileFooter } from './MobileFooter.tsx';
import type { PlayerReport } from './player-messages.ts';
import { RELATED_GRID_WIDTH_MARGIN_PX } from './constants.ts';
import { relatedLayoutOf } from './related-layout.ts';
import { useEmbedMachine } from './use-embed-machine.ts';
import { useFooterObservers } from './use-footer-observers.ts';

// Loaded on first use (their chunks are fetched ahead on the first hover, which shows their buttons).
const loadShareMenu = () => import('./ShareMenu.tsx');
const loadMediaOverlay = () => import('./MediaOverlay.tsx');
const ShareMenu = lazy(loadShareMenu);
const MediaOverlay = lazy(loadMediaOverlay);

export interface EmbedViewProps extends EmbedViewData {
  client: RelatedClient;
  track: Track;
  /** Where the related grid's pingbacks go (the page's pipeline). */
  pingback?: PingbackSink;
}

/** The single-GIF embed view (SPEC 2.1): renders the embed machine's state and sends it events. */
export function EmbedView({ gif, client, isMobile, hideVideo, homeUrl, avatarUrl, track, pingback }: EmbedViewProps) {
  const asVideo = playsAsVideo(gif, isMobile);
  const { state, send, elements, frame } = useEmbedMachine(track, asVideo);
  const original = gif.images.original;
  const layout = relatedLayoutOf(frame, { width: original?.width ?? 0, height: original?.height ?? 0 });
  const relatedOpen = layout.kind === 'onDemand' && state.context.isRelatedOpen;
  const media = watchableMedia(gif.external_media, hideVideo);
  const overlayOpen = Boolean(media) && state.matches({ mediaOverlay: 'open' });
  useFooterObservers(elements, send, !isMobile && !overlayOpen);
  const pageUrl = gif.url ?? homeUrl;

  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Hydrated under a pointer that entered before there was a listener: that is a hover too.
    if (!isMobile && view.current?.matches(':hover')) send({ type: 'MOUSE_ENTER' });
    // Once, at mount: neither the page's isMobile nor the machine's send changes afterwards.
  }, [isMobile, send]);

  useEffect(() => {
    const onResize = () => send({ type: 'WINDOW_RESIZE' });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [send]);

  useEffect(() => {
    if (!relatedOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && send({ type: 'CLOSE_RELATED' });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [relatedOpen, send]);

  const onPlayerReport = useCallback((report: PlayerReport) => send(report), [send]);
  const onFooterScroll = () => send({ type: 'GRID_SCROLLED' });
  const watch = () => media && send({ type: 'OPEN_MEDIA_OVERLAY', providerName: media.provider_name });

  if (media && overlayOpen) {
    return (
      <div className="lb-embed lb-embed--ready">
        <Suspense fallback={null}>
          <MediaOverlay
            media={media}
            isMobile={isMobile}
            showBack={state.matches({ mediaOverlay: { open: 'backToGifShown' } })}
            onPlayerReport={onPlayerReport}
            onBack={() => send({ type: 'CLOSE_MEDIA_OVERLAY' })}
          />
        </Suspense>
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
    state.context.isMotionChosen && 'lb-embed--motion-chosen',
    !isMobile && `lb-embed--related-${layout.kind === 'onDemand' ? 'on-demand' : layout.kind}`,
    relatedOpen && 'lb-embed--related-open',
  ];
  const sizes = {
    '--lb-embed-footer-offset': `${state.context.footerOffsetPx}px`,
    ...(layout.kind === 'onDemand' ? {} : { '--lb-embed-related-room': `${layout.roomPx}px` }),
  } as CSSProperties;
  const gridWidth = (layout.kind === 'beside' ? layout.roomPx : (frame?.width ?? 0)) - RELATED_GRID_WIDTH_MARGIN_PX;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only raises the desktop chrome early for mouse users, nothing to activate; the keyboard path to the GIF is its link (GifMedia), which opens the GIF's page
    <div
      ref={view}
      className={classes.filter(Boolean).join(' ')}
      style={sizes}
      onMouseEnter={
        isMobile
          ? undefined
          : () => {
              send({ type: 'MOUSE_ENTER' });
              preloadOnFirstHover(Boolean(media));
            }
      }
      onMouseLeave={isMobile ? undefined : () => send({ type: 'MOUSE_LEAVE' })}
    >
      <GifMedia
        gif={gif}
        asVideo={asVideo}
        paused={paused}
        motionChosen={state.context.isMotionChosen}
        videoRef={elements.video}
        onClick={() => track({ category: 'Embed', action: 'Click', label: 'Image' })}
        onIntroEnd={() => send({ type: 'INTRO_ANIMATION_END' })}
      />
      {/* Shown by CSS only to visitors who prefer reduced motion, with the GIF's still (GifMedia). */}
      {!state.context.isMotionChosen && (
        <button
          type="button"
          className="lb-embed__motion-play"
          aria-label="Play GIF"
          onClick={() => paused && send({ type: 'TOGGLE_PAUSE' })}
        >
          <PlayIcon />
        </button>
      )}
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
            <Suspense fallback={null}>
              <ShareMenu
                gif={gif}
                pageUrl={pageUrl}
                favoriteActive={state.matches({ favorite: 'active' })}
                track={track}
                onFavorite={() => send({ type: 'FAVORITE_CLICKED' })}
                onClose={() => send({ type: 'CLOSE_SHARE' })}
              />
            </Suspense>
          )}
          <DesktopFooter
            gif={gif}
            avatarUrl={avatarUrl}
            client={client}
            paused={paused}
            watchHost={media?.provider_name}
            showRelated={layout.kind === 'onDemand' ? relatedOpen : state.context.isRelatedGridCreated}
            relatedOnDemand={layout.kind === 'onDemand'}
            relatedOpen={relatedOpen}
            gridWidth={gridWidth}
            refs={elements}
            track={track}
            pingback={pingback}
            onTogglePause={() => send({ type: 'TOGGLE_PAUSE' })}
            onWatch={watch}
            onScroll={onFooterScroll}
            onOpenRelated={() => send({ type: 'OPEN_RELATED' })}
            onCloseRelated={() => send({ type: 'CLOSE_RELATED' })}
          />
        </>
      )}
    </div>
  );
}

/** Fetches the share menu's chunk (and the overlay's, when the GIF has a video to watch) ahead of their first use. */
function preloadOnFirstHover(withOverlay: boolean) {
  void loadShareMenu();
  if (withOverlay) void loadMediaOverlay();
}
