import type { IUser } from '@loopbox/sdk';
import { attributionOf } from '@loopbox/widgets';

/**
 * The GIF's author under SPEC 5's display rules (public, chrome not suppressed), or nothing. The
 * avatar URL comes with the page's data (a placeholder drawn at random once, on the server).
 */
export function Attribution({ user, avatarUrl, onClick }: { user: IUser | undefined; avatarUrl: string; onClick?: () => void }) {
  const info = attributionOf(user);
  if (!info) return null;
  return (
    <a className="lb-embed__attribution" href={user?.profile_url} target="_blank" rel="noopener" onClick={onClick}>
      <img className="lb-embed__avatar" src={avatarUrl} alt="" width={32} height={32} />
      <span className="lb-embed__user">
        <span className="lb-embed__name">
          {info.name}
          {info.verified && (
            <span className="lb-embed__verified" role="img" aria-label="Verified">
              ✓
            </span>
          )}
        </span>
        {info.handle && <span className="lb-embed__handle">{info.handle}</span>}
      </span>
    </a>
  );
}
