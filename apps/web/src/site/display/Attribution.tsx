import { profilePath } from '@loopbox/pages';
import type { IUser } from '@loopbox/sdk';
import { ATTRIBUTION_AVATAR_RENDITION, attributionOf } from '@loopbox/widgets';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { avatarOf } from './avatar.ts';
import { VerifiedBadge } from './icons.tsx';

/**
 * A GIF's author under SPEC 5's display rules (shown only for a public user who does not suppress
 * chrome; name from attribution_display_name, display_name, username; @handle lowercased; verified
 * badge), linking to their profile. Nothing otherwise.
 */
export function Attribution({ user }: { user: IUser | undefined }) {
  const info = attributionOf(user);
  // Without an avatar, the author's own placeholder (SPEC 3's pick, fixed by their name).
  const avatar = useMemo(
    () => avatarOf(user?.avatar_url, user?.username ?? '', ATTRIBUTION_AVATAR_RENDITION),
    [user?.avatar_url, user?.username],
  );
  if (!info || !user?.username) return null;
  return (
    <Link href={profilePath(user.username)} className="lb-attribution">
      <img className="lb-attribution__avatar" src={avatar} alt="" width={48} height={48} />
      <span className="lb-attribution__who">
        <span className="lb-attribution__name">
          {info.name}
          {info.verified && <VerifiedBadge />}
        </span>
        {info.handle && <span className="lb-attribution__handle">{info.handle}</span>}
      </span>
    </Link>
  );
}
