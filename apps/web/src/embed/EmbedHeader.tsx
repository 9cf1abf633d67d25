import { Logo, PauseIcon, PlayIcon, ShareIcon } from './icons.tsx';
import { PROVIDER_NAME } from './constants.ts';

export interface EmbedHeaderProps {
  homeUrl: string;
  paused: boolean;
  shareOpen: boolean;
  /** The related grid has scrolled up to the header: the header turns solid over it. */
  isHittingGrid: boolean;
  onTogglePause: () => void;
  onToggleShare: () => void;
}

/** The hover header (SPEC 2.1): logo to the home page, pause/play and the share toggle. */
export function EmbedHeader({ homeUrl, paused, shareOpen, isHittingGrid, onTogglePause, onToggleShare }: EmbedHeaderProps) {
  return (
    <div className={isHittingGrid ? 'lb-embed__header lb-embed__header--hitting-grid' : 'lb-embed__header'}>
      <a className="lb-embed__logo" href={homeUrl} target="_blank" rel="noopener" aria-label={`${PROVIDER_NAME} home`}>
        <Logo />
      </a>
      <span className="lb-embed__header-actions">
        <PauseButton paused={paused} onClick={onTogglePause} />
        <button type="button" className="lb-embed__share-toggle" aria-label="Share" aria-expanded={shareOpen} onClick={onToggleShare}>
          <ShareIcon />
        </button>
      </span>
    </div>
  );
}

export function PauseButton({ paused, onClick }: { paused: boolean; onClick: () => void }) {
  return (
    <button type="button" className="lb-embed__pause" aria-label={paused ? 'Play' : 'Pause'} aria-pressed={paused} onClick={onClick}>
      {paused ? <PlayIcon /> : <PauseIcon />}
    </button>
  );
}
