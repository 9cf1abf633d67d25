import './artists.css';
import type { Artist, ArtistSettings } from '@loopbox/contract/artists';
import { listingHead, profilePath } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { backendData } from '../../shared/backend.ts';
import { fetchLoginState, reachOf, type LoginState } from '../../shared/login-state.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Check, SelectField, TextField } from '../../ui/Field.tsx';
import { formatQuantity } from '../../ui/format.ts';
import { avatarOf } from '../display/avatar.ts';
import { usePage } from '../data/use-page.ts';

const SORTS = [
  { value: 'updatetime', label: 'Recently active' },
  { value: 'name', label: 'Name' },
  { value: 'gifs', label: 'Most GIFs' },
] as const;
type Sort = (typeof SORTS)[number]['value'];

/** The artists directory (/artists): filter by name, freelance only, sort; a signed-in creator sets their own listing. */
export default function ArtistsPage() {
  usePage(listingHead('artists'), { pagePath: '/artists' });
  const [filter, setFilter] = useState('');
  const [freelance, setFreelance] = useState(false);
  const [sort, setSort] = useState<Sort>('updatetime');
  const [artists, setArtists] = useState<Artist[] | null>(null);
  const [me, setMe] = useState<LoginState | null>(null);
  useEffect(() => {
    void fetchLoginState().then(setMe, () => setMe(null));
  }, []);
  useEffect(() => {
    const query = new URLSearchParams({ sort, order: sort === 'name' ? 'asc' : 'desc' });
    if (filter.trim()) query.set('filter', filter.trim());
    if (freelance) query.set('freelance', 'true');
    let live = true;
    backendData<Artist[]>('GET', `/api/v4/artists/?${query}`).then(
      (a) => live && setArtists(a),
      () => live && setArtists([]),
    );
    return () => {
      live = false;
    };
  }, [filter, freelance, sort]);
  return (
    <div className="lb-artists">
      <h1 className="lb-page-header__title">Artists</h1>
      <search>
        <form className="lb-artists__filters" onSubmit={(e) => e.preventDefault()}>
          <TextField label="Find an artist" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          <SelectField<Sort> label="Sort by" choices={SORTS} value={sort} onValue={setSort} />
          <Check label="Available for hire" checked={freelance} onChange={(e) => setFreelance(e.target.checked)} />
        </form>
      </search>
      <p role="status" className="lb-artists__count">
        {artists === null ? 'Loading…' : formatQuantity(artists.length, 'artist')}
      </p>
      {artists?.length === 0 && (
        <EmptyState title="No artists match">Try another name, or show artists not available for hire too.</EmptyState>
      )}
      <ul className="lb-artists__list" aria-label="Artists">
        {(artists ?? []).map((a) => (
          <li key={a.id} className="lb-artist">
            <img src={avatarOf(a.avatar_url, a.username, '80h')} alt="" width={64} height={64} className="lb-artist__avatar" />
            <div className="lb-artist__body">
              <Link href={profilePath(a.username)} className="lb-artist__name">
                {a.display_name || a.username}
              </Link>
              <span className="lb-artist__handle">@{a.username.toLowerCase()}</span>
              <p className="lb-artist__meta">
                {formatQuantity(a.gif_count, 'GIF')}
                {a.is_freelance ? ' · available for hire' : ''}
                {a.music_artist?.name ? (
                  <>
                    {' '}
                    · music: <a href={a.music_artist.url}>{a.music_artist.name}</a>
                  </>
                ) : null}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {me?.userID && reachOf(me, 'gif.upload') && <OwnListing userId={me.userID} />}
    </div>
  );
}

/** A creator's own listing: the freelance flag and a Spotify artist link (resolved to the artist's name). */
function OwnListing({ userId }: { userId: number }) {
  const [freelance, setFreelance] = useState(false);
  const [spotify, setSpotify] = useState('');
  const [status, setStatus] = useState('');
  return (
    <Card title="Your artist listing" className="lb-artists__own">
      <form
        className="lb-artists__own-form"
        aria-label="Your artist listing"
        onSubmit={(e) => {
          e.preventDefault();
          backendData<ArtistSettings>('PATCH', `/api/v4/artists/${userId}/`, {
            json: { is_freelance: freelance, music_artist_url: spotify },
          }).then(
            (r) => setStatus(r.music_artist_name ? `Saved: linked to ${r.music_artist_name}` : 'Saved'),
            (err: Error) => setStatus(`Not saved: ${err.message}`),
          );
        }}
      >
        <Check label="I am available for freelance work" checked={freelance} onChange={(e) => setFreelance(e.target.checked)} />
        <TextField
          label="Music artist on Spotify (link)"
          type="url"
          value={spotify}
          onChange={(e) => setSpotify(e.target.value)}
          placeholder="https://open.spotify.com/artist/…"
        />
        <div className="lb-button-row">
          <Button type="submit" variant="primary">
            Save listing
          </Button>
        </div>
        <p role="status">{status}</p>
      </form>
    </Card>
  );
}
