import { getAvatarUrl, type IUser } from '@loopbox/sdk';
import { ATTRIBUTION_AVATAR_RENDITION, attributionOf } from '@loopbox/widgets';
import { useMemo } from 'react';

/** The GIF's author under SPEC 5's display rules (public, chrome not suppressed), or nothing. */
export function Attribution({ user, onClick }: { user: IUser | undefined; onClick?: () => void }) {
  const info = attributionOf(user);
  // Without an avatar a placeholder is picked at random: once, not per render.
  const avatar = useMemo(() => getAvatarUrl(user?.avatar_url, { rendition: ATTRIBUTION_AVATAR_RENDITION }), [user?.avatar_url]);
  if (!info) return null;
  return (
    <a className="lb-embed__attribution" href={user?.profile_url} target="_blank" rel="noopener" onClick={onClick}>
      <img className="lb-embed__avatar" src={avatar} alt="" width={32} height={32} />
      <span className="lb-embed__user">
        <span className="lb-embed__name">
          {info.name}
          {info.verified && <span className="lb-embed__verified" role="img" aria-label="Verified">✓</span>}
        </span>
        {info.handle && <span className="lb-embed__handle">{info.handle}</span>}
      </span>
    </a>
  );
}
