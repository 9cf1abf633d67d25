import type { IGif } from '@loopbox/sdk';
import type { Track } from './analytics.ts';
import { PROVIDER_NAME } from './constants.ts';
import { Logo } from './icons.tsx';

export interface MobileFooterProps {
  gif: IGif;
  open: boolean;
  watchHost: string | undefined;
  track: Track;
  onToggle: () => void;
  onWatch: () => void;
}

/** The mobile footer (SPEC 2.1): the logo button slides it in; Watch, 'View on …' and the call-to-action. */
export function MobileFooter({ gif, open, watchHost, track, onToggle, onWatch }: MobileFooterProps) {
  return (
    <>
      <button
        type="button"
        className="lb-embed__logo-button"
        aria-label={`${PROVIDER_NAME} options`}
        aria-expanded={open}
        onClick={onToggle}
      >
        <Logo />
      </button>
      <div
        className={open ? 'lb-embed__mobile-footer lb-embed__mobile-footer--open' : 'lb-embed__mobile-footer'}
        aria-hidden={!open}
        inert={!open}
      >
        {watchHost && (
          <button type="button" className="lb-embed__watch" onClick={onWatch}>
            Watch
          </button>
        )}
        <a
          className="lb-embed__view-on"
          href={gif.url}
          target="_blank"
          rel="noopener"
          onClick={() => track({ category: 'Embed', action: 'Click', label: 'View On' })}
        >
          View on {PROVIDER_NAME}
        </a>
        <a
          className="lb-embed__mobile-cta"
          href={gif.url}
          target="_blank"
          rel="noopener"
          onClick={() => track({ category: 'Embed', action: 'Click', label: 'View More CTA' })}
        >
          More GIFs like this
        </a>
      </div>
    </>
  );
}
