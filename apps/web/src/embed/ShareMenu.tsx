import { embedCode } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { useMemo } from 'react';
import type { Track } from './analytics.ts';
import { CloseIcon } from './icons.tsx';
import { ReportForm } from './ReportForm.tsx';
import { favoriteUrl, popupFeatures, SHARE_TARGETS, shareUrl, type ShareTarget } from './share-links.ts';

export interface ShareMenuProps {
  gif: IGif;
  pageUrl: string;
  favoriteActive: boolean;
  track: Track;
  onFavorite: () => void;
  onClose: () => void;
}

const selectAll = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => event.currentTarget.select();

/**
 * The desktop share menu (SPEC 2.1): favorite, three social popups, Embed code and Link boxes, a
 * report form (issue 19), close.
 * Its own chunk, loaded on first use (the default export is what `lazy()` takes).
 */
export default function ShareMenu({ gif, pageUrl, favoriteActive, track, onFavorite, onClose }: ShareMenuProps) {
  const code = useMemo(
    () =>
      embedCode({
        embedUrl: gif.embed_url ?? '',
        pageUrl,
        width: gif.images.original?.width ?? 0,
        height: gif.images.original?.height ?? 0,
      }),
    [gif, pageUrl],
  );
  const share = (target: ShareTarget) => {
    track({ category: 'Embed', action: 'Social Sharing', label: target });
    const source = { pageUrl, mediaUrl: gif.images.original?.url ?? pageUrl, title: gif.title ?? '' };
    window.open(shareUrl(target, source), `share-${target}`, popupFeatures(target));
  };
  return (
    <div className="lb-embed__share" role="dialog" aria-label="Share">
      <a
        className={favoriteActive ? 'lb-embed__favorite lb-embed__favorite--active' : 'lb-embed__favorite'}
        href={favoriteUrl(pageUrl)}
        target="_blank"
        rel="noopener"
        onClick={onFavorite}
      >
        Favorite
      </a>
      <div className="lb-embed__social">
        {SHARE_TARGETS.map((target) => (
          <button key={target} type="button" className="lb-embed__social-button" data-target={target} onClick={() => share(target)}>
            {target}
          </button>
        ))}
      </div>
      <label className="lb-embed__copy">
        Embed code
        <textarea
          className="lb-embed__code"
          readOnly
          value={code}
          rows={3}
          onFocus={selectAll}
          onCopy={() => track({ category: 'Embed', action: 'Copy', label: 'Embed Code' })}
        />
      </label>
      <label className="lb-embed__copy">
        Link
        <input
          className="lb-embed__link"
          readOnly
          value={pageUrl}
          onFocus={selectAll}
          onCopy={() => track({ category: 'Embed', action: 'Copy', label: 'Link' })}
        />
      </label>
      <ReportForm gifId={gif.id} />
      <button type="button" className="lb-embed__share-close" aria-label="Close share menu" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
