import type { IGif } from '@loopbox/sdk';
import { useEffect, useRef, type Ref } from 'react';

export interface GifMediaProps {
  gif: IGif;
  /** Render the inline video (desktop, mp4 present, not a sticker). */
  asVideo: boolean;
  paused: boolean;
  videoRef: Ref<HTMLVideoElement>;
  onClick: () => void;
  onIntroEnd: () => void;
}

/** Whether the GIF plays as an inline video (SPEC 2.1): desktop only, an mp4 exists, not a sticker. */
export function playsAsVideo(gif: IGif, isMobile: boolean): boolean {
  return !isMobile && !gif.is_sticker && Boolean(gif.images.original?.mp4);
}

/**
 * The GIF, a link to its page in a new tab: an autoplaying muted looping video, or a webp image
 * where the browser supports it and the plain image otherwise. A paused image shows its still.
 * Served in the page's HTML (render-html.tsx) and hydrated, so it loads first and at high priority:
 * the video shows a still as its poster (the compact 480w JPEG where there is one) until its first
 * frame is decoded.
 */
export function GifMedia({ gif, asVideo, paused, videoRef, onClick, onIntroEnd }: GifMediaProps) {
  const original = gif.images.original;
  const still = gif.images.original_still?.url;
  const poster = gif.images['480w_still']?.url ?? still;
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Hydrated after the intro animation already ran: it ended before there was a listener.
    const running = link.current?.getAnimations?.();
    if (running && running.length === 0) onIntroEnd();
    // Once, at mount.
  }, []);
  return (
    <a className="lb-embed__gif" ref={link} href={gif.url} target="_blank" rel="noopener" onClick={onClick} onAnimationEnd={onIntroEnd}>
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
          {original?.webp && <source type="image/webp" srcSet={original.webp} />}
          <img className="lb-embed__media" src={original?.url} alt={gif.alt_text} fetchPriority="high" />
        </picture>
      )}
    </a>
  );
}
