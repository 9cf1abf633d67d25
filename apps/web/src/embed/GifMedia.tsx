import type { IGif } from '@loopbox/sdk';
import { useEffect, useRef, type Ref } from 'react';
import { REDUCED_MOTION_QUERY } from './constants.ts';

export interface GifMediaProps {
  gif: IGif;
  /** Render the inline video (desktop, mp4 present, not a sticker). */
  asVideo: boolean;
  paused: boolean;
  /** The visitor pressed play: no longer held still for reduced motion. */
  motionChosen: boolean;
  videoRef: Ref<HTMLVideoElement>;
  onClick: () => void;
  onIntroEnd: () => void;
}

/** Whether the GIF plays as an inline video (SPEC 2.1): desktop only, an mp4 exists, not a sticker. */
export function playsAsVideo(gif: IGif, isMobile: boolean): boolean {
  return !isMobile && !gif.is_sticker && Boolean(gif.images.original?.mp4);
}

/** A transparent pixel: what the reduced-motion still loads for everyone else. */
const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The GIF, a link to its page in a new tab: an autoplaying muted looping video, or a webp image
 * where the browser supports it and the plain image otherwise. A paused image shows its still.
 * Served in the page's HTML (render-html.tsx) and hydrated, so it loads first and at high priority:
 * the video shows a still as its poster (the compact 480w JPEG where there is one) until its first
 * frame is decoded. For visitors who prefer reduced motion the served markup already holds still
 * (no script needed): the image's `<picture>` picks the still by media query, and the video is
 * hidden by CSS under its still, until they press play.
 */
export function GifMedia({ gif, asVideo, paused, motionChosen, videoRef, onClick, onIntroEnd }: GifMediaProps) {
  const original = gif.images.original;
  const still = gif.images.original_still?.url;
  const poster = gif.images['480w_still']?.url ?? still;
  const reducedMotionSource = !motionChosen && still && <source media={REDUCED_MOTION_QUERY} srcSet={still} />;
  const link = useRef<HTMLAnchorElement>(null);
  // The callback as it was at mount: the check below runs once, and the parent passes a new callback each render.
  const introEndAtMount = useRef(onIntroEnd);
  useEffect(() => {
    // Hydrated after the intro animation already ran: it ended before there was a listener.
    const running = link.current?.getAnimations?.();
    if (running && running.length === 0) introEndAtMount.current();
    // Once, at mount.
  }, []);
  return (
    <a className="lb-embed__gif" ref={link} href={gif.url} target="_blank" rel="noopener" onClick={onClick} onAnimationEnd={onIntroEnd}>
      {asVideo && !motionChosen && poster && (
        <picture className="lb-embed__reduced-still">
          <source media={REDUCED_MOTION_QUERY} srcSet={poster} />
          <img className="lb-embed__still" src={BLANK_PIXEL} alt={gif.alt_text} />
        </picture>
      )}
      {asVideo ? (
        <video
          className="lb-embed__media"
          ref={videoRef}
          src={original?.mp4}
          poster={poster}
          preload="auto"
          autoPlay
          muted
          loop
          playsInline
          aria-label={gif.alt_text}
        />
      ) : paused && still ? (
        <img className="lb-embed__media lb-embed__media--still" src={still} alt={gif.alt_text} />
      ) : (
        <picture>
          {reducedMotionSource}
          {original?.webp && <source type="image/webp" srcSet={original.webp} />}
          <img className="lb-embed__media" src={original?.url} alt={gif.alt_text} fetchPriority="high" />
        </picture>
      )}
    </a>
  );
}
