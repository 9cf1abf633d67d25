import { ApiError, FieldError } from '../http/envelope.ts';
import { SPOTIFY_ARTIST_URI, SPOTIFY_ARTIST_URL, SPOTIFY_TIMEOUT_MS } from './constants.ts';

/** The canonical link of a Spotify artist, or a 400 naming the field when it is not one. */
export function spotifyArtistUrl(raw: string, field = 'spotify_url'): string {
  const id = SPOTIFY_ARTIST_URL.exec(raw.trim())?.[1] ?? SPOTIFY_ARTIST_URI.exec(raw.trim())?.[1];
  if (!id)
    throw new FieldError(400, field, `${field} must be a Spotify artist link (https://open.spotify.com/artist/…, 22 letters and digits)`);
  return `https://open.spotify.com/artist/${id}`;
}

/**
 * An artist's name from Spotify's public oEmbed endpoint (`{title}` of its answer). The endpoint is
 * configurable (SPOTIFY_OEMBED_URL) so tests and air-gapped installs run a stand-in. Unreachable,
 * slow or answering garbage: 502; an artist Spotify does not know: 404.
 */
export async function resolveSpotifyArtist(oembedUrl: string, artistUrl: string): Promise<string> {
  const url = new URL(oembedUrl);
  url.searchParams.set('url', artistUrl);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(SPOTIFY_TIMEOUT_MS), headers: { accept: 'application/json' }, redirect: 'error' });
  } catch {
    throw new ApiError(502, 'Spotify could not be reached to look up the artist');
  }
  if (res.status === 404) throw new ApiError(404, 'Spotify knows no artist at that link');
  if (!res.ok) throw new ApiError(502, `Spotify answered ${res.status} when looking up the artist`);
  const body = (await res.json().catch(() => null)) as { title?: unknown } | null;
  if (!body || typeof body.title !== 'string' || !body.title.trim()) throw new ApiError(502, 'Spotify answered without the artist’s name');
  return body.title.trim().slice(0, 200);
}
