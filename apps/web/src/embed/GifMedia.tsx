import type { IGif } from '@loopbox/sdk';
import type { Ref } from 'react';

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
 */
export function GifMedia({ gif, asVideo, paused, videoRef, onClick, onIntroEnd }: GifMediaProps) {
  const original = gif.images.original;
  const still = gif.images.original_still?.url;
  return (
    <a className="lb-embed__gif" href={gif.url} target="_blank" rel="noopener" onClick={onClick} onAnimationEnd={onIntroEnd}>
      {asVideo ? (
        <video className="lb-embed__media" ref={videoRef} src={original?.mp4} autoPlay muted loop playsInline aria-label={gif.alt_text} />
      ) : paused && still ? (
        <img className="lb-embed__media lb-embed__media--still" src={still} alt={gif.alt_text} />
      ) : (
        <picture>
          {original?.webp && <source type="image/webp" srcSet={original.webp} />}
          <img className="lb-embed__media" src={original?.url} alt={gif.alt_text} />
        </picture>
      )}
    </a>
  );
}
