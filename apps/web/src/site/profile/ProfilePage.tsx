import './profile.css';
import { CHANNEL_SLUG_PATTERN, profileHead, profilePath } from '@loopbox/pages';
import { avatarOf } from '../display/avatar.ts';
import { useCallback, useMemo } from 'react';
import ChannelPage from '../channel/ChannelPage.tsx';
import ErrorPage from '../errors/ErrorPage.tsx';
import { GifCarousel } from '../feeds/GifCarousel.tsx';
import { GifFeed } from '../feeds/GifFeed.tsx';
import { VerifiedBadge } from '../display/icons.tsx';
import { SITE_PAGE_SIZE } from '../feeds/layout.ts';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import type { Profile } from './profile-api.ts';
import { useSite } from '../shell/site-context.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';

/**
 * A profile (`/{username}`). A name no public user has may be a channel's slug (users come first,
 * README "Channels"): then the channel page, else the 404 page.
 */
export default function ProfilePage({ username }: { username: string }) {
  const { profile } = useSite();
  const found = useResource(`profile:${username.toLowerCase()}`, () => profile(username));
  if (found.status === 'loading') return <PageLoading label="Loading the profile" />;
  if (found.status === 'error') return <PageFailed onRetry={() => location.reload()}>This profile could not be loaded.</PageFailed>;
  if (!found.data) return CHANNEL_SLUG_PATTERN.test(username) ? <ChannelPage slug={username} /> : <ErrorPage status={404} />;
  return <ProfileDetails profile={found.data} />;
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const { client } = useSite();
  usePage(profileHead(profile), { pagePath: profilePath(profile.username) });
  // SPEC 3 avatars: the 200h rendition, or the person's own placeholder.
  const avatar = useMemo(() => avatarOf(profile.avatar_url, profile.username, '200h'), [profile.avatar_url, profile.username]);
  const name = profile.display_name || profile.username;
  const handle = `@${profile.username.toLowerCase()}`;
  const gifs = useCallback(
    (offset: number) => client.search('', { channel: profile.username, offset, limit: SITE_PAGE_SIZE }),
    [client, profile.username],
  );
  return (
    <div className="lb-profile">
      <header className="lb-profile__header">
        <img className="lb-profile__avatar" src={avatar} alt="" width={120} height={120} />
        <div className="lb-profile__who">
          <h1 className="lb-profile__name">
            {name}
            {profile.is_verified && <VerifiedBadge />}
          </h1>
          <p className="lb-profile__handle">{handle}</p>
          {profile.description && <p className="lb-profile__bio">{profile.description}</p>}
          {/^https?:\/\//i.test(profile.website_url) && (
            <p>
              <a href={profile.website_url} rel="nofollow noopener noreferrer" target="_blank">
                {profile.website_url.replace(/^https?:\/\//i, '')}
              </a>
            </p>
          )}
        </div>
      </header>
      <ProfileRow username={profile.username} handle={handle} type="stickers" title="Stickers" />
      <ProfileRow username={profile.username} handle={handle} type="videos" title="Clips" />
      <section className="lb-section" aria-labelledby="profile-gifs">
        <h2 id="profile-gifs" className="lb-section__title">
          GIFs
        </h2>
        <GifFeed fetchGifs={gifs} noResults={<p className="lb-no-results">{handle} has no GIFs yet.</p>} />
      </section>
    </div>
  );
}

/** A row of the person's stickers or clips, shown only when they have some. */
function ProfileRow({ username, handle, type, title }: { username: string; handle: string; type: 'stickers' | 'videos'; title: string }) {
  const { client } = useSite();
  const fetchGifs = useCallback(
    (offset: number) => client.search('', { channel: username, type, offset, limit: SITE_PAGE_SIZE }),
    [client, username, type],
  );
  const count = useResource(`profile-${type}:${username}`, () => fetchGifs(0).then((r) => r.pagination.total_count));
  if (count.status !== 'ok' || count.data === 0) return null;
  const id = `profile-${title.toLowerCase()}`;
  return (
    <section className="lb-section" aria-labelledby={id}>
      <h2 id={id} className="lb-section__title">
        {title}
      </h2>
      <GifCarousel fetchGifs={fetchGifs} label={`${title} by ${handle}`} />
    </section>
  );
}
