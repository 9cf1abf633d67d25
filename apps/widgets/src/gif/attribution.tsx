import { getAvatarUrl, type IUser } from '@loopbox/sdk';
import { useMemo } from 'react';
import { ATTRIBUTION_AVATAR_RENDITION } from '../constants.ts';

export interface AttributionInfo {
  name: string;
  /** '@' plus the lowercased username, when there is one. */
  handle: string | undefined;
  verified: boolean;
}

/**
 * SPEC 5 display rules: attribution only for a public user who does not suppress chrome; the name
 * falls back from attribution_display_name to display_name to username.
 */
export function attributionOf(user: Partial<IUser> | undefined): AttributionInfo | undefined {
  if (!user?.is_public || user.suppress_chrome) return undefined;
  const name = user.attribution_display_name || user.display_name || user.username;
  if (!name) return undefined;
  return {
    name,
    handle: user.username ? `@${user.username.toLowerCase()}` : undefined,
    verified: Boolean(user.is_verified),
  };
}

function VerifiedBadge() {
  return (
    <svg className="lb-gif__verified" role="img" aria-label="Verified" viewBox="0 0 16 16" width="14" height="14">
      <circle cx="8" cy="8" r="8" fill="currentColor" />
      <path fill="#fff" d="M6.8 11.2L4 8.4l1.1-1.1 1.7 1.7 4.1-4.1L12 6z" />
    </svg>
  );
}

/** The user overlay of a GIF tile: avatar, name, verified badge and @handle. */
export function Attribution({ user, info }: { user: Partial<IUser>; info: AttributionInfo }) {
  // Without an avatar a placeholder is picked at random: once per tile, not per render.
  const avatar = useMemo(() => getAvatarUrl(user.avatar_url, { rendition: ATTRIBUTION_AVATAR_RENDITION }), [user.avatar_url]);
  return (
    <span className="lb-gif__attribution">
      <img className="lb-gif__avatar" src={avatar} alt="" width={28} height={28} loading="lazy" />
      <span className="lb-gif__user">
        <span className="lb-gif__name">
          {info.name}
          {info.verified && <VerifiedBadge />}
        </span>
        {info.handle && <span className="lb-gif__handle">{info.handle}</span>}
      </span>
    </span>
  );
}
