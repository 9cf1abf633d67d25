import { listingHead } from '@loopbox/pages';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { backendData } from '../../shared/backend.ts';
import { fetchLoginState, reachOf, type LoginState } from '../../shared/login-state.ts';
import { usePage } from '../shell/use-page.ts';
import '../dashboard/dashboard.css';

interface Artist {
  id: number;
  username: string;
  display_name: string;
  avatar_url: string;
  is_freelance: boolean;
  music_artist: { url: string; name: string | null } | null;
  gif_count: number;
}

/** The artists directory (/artists): filter by name, freelance only, sort; a signed-in creator sets their own listing. */
export default function ArtistsPage() {
  usePage(listingHead('artists'), { pagePath: '/artists' });
  const [filter, setFilter] = useState('');
  const [freelance, setFreelance] = useState(false);
  const [sort, setSort] = useState('updatetime');
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
    backendData<Artist[]>('GET', `/api/v4/artists/?${query}`).then((a) => live && setArtists(a), () => live && setArtists([]));
    return () => {
      live = false;
    };
  }, [filter, freelance, sort]);
  return (
    <div>
      <h1>Artists</h1>
      <form className="lb-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Find an artist
          <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label className="lb-check">
          <input type="checkbox" checked={freelance} onChange={(e) => setFreelance(e.target.checked)} />
          Available for hire
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => setSort(e.target.value)}>
            <option value="updatetime">Recently active</option>
            <option value="name">Name</option>
            <option value="gifs">Most GIFs</option>
          </select>
        </label>
      </form>
      <p role="status">{artists === null ? 'Loading…' : `${artists.length} artists`}</p>
      <ul className="lb-gif-list" aria-label="Artists">
        {(artists ?? []).map((a) => (
          <li key={a.id} className="lb-gif-item">
            {a.avatar_url ? <img src={a.avatar_url} alt="" width={72} height={72} /> : <span />}
            <div>
              <Link href={`/${a.username}`}>
                <strong>{a.display_name || a.username}</strong>
              </Link>{' '}
              @{a.username.toLowerCase()}
              <p>
                {a.gif_count === 1 ? '1 GIF' : `${a.gif_count} GIFs`}{a.is_freelance ? ' · available for hire' : ''}
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
    <form
      className="lb-form"
      aria-label="Your artist listing"
      onSubmit={(e) => {
        e.preventDefault();
        backendData<{ music_artist_name: string | null }>('PATCH', `/api/v4/artists/${userId}/`, { json: { is_freelance: freelance, music_artist_url: spotify } }).then(
          (r) => setStatus(r.music_artist_name ? `Saved: linked to ${r.music_artist_name}` : 'Saved'),
          (err: Error) => setStatus(`Not saved: ${err.message}`),
        );
      }}
    >
      <h2>Your artist listing</h2>
      <label className="lb-check">
        <input type="checkbox" checked={freelance} onChange={(e) => setFreelance(e.target.checked)} />
        I am available for freelance work
      </label>
      <label>
        Music artist on Spotify (link)
        <input type="url" value={spotify} onChange={(e) => setSpotify(e.target.value)} placeholder="https://open.spotify.com/artist/…" />
      </label>
      <button type="submit" className="lb-button">
        Save listing
      </button>
      <p role="status">{status}</p>
    </form>
  );
}
