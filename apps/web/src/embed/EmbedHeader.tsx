import { Logo, PauseIcon, PlayIcon, ShareIcon } from './icons.tsx';
import { PROVIDER_NAME } from './constants.ts';

export interface EmbedHeaderProps {
  homeUrl: string;
  paused: boolean;
  shareOpen: boolean;
  onTogglePause: () => void;
  onToggleShare: () => void;
}

/** The hover header (SPEC 2.1): logo to the home page, pause/play and the share toggle. */
export function EmbedHeader({ homeUrl, paused, shareOpen, onTogglePause, onToggleShare }: EmbedHeaderProps) {
  return (
    <div className="lb-embed__header">
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
