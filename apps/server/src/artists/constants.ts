/** The artists domain's numbers and names, each defined once. */

/** Spotify's public oEmbed endpoint; SPOTIFY_OEMBED_URL points elsewhere (tests run a stand-in on 127.0.0.1). */
export const SPOTIFY_OEMBED_DEFAULT_URL = 'https://open.spotify.com/oembed';
/** How long the oEmbed call may take before the answer is a 502. */
export const SPOTIFY_TIMEOUT_MS = 5_000;
/** A Spotify artist link: open.spotify.com/artist/{22 base-62 characters} (an intl-xx segment allowed), or a spotify:artist: URI. */
export const SPOTIFY_ARTIST_URL =
  /^https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?artist\/([A-Za-z0-9]{22})\/?(?:\?[^#\s]*)?$/;
export const SPOTIFY_ARTIST_URI = /^spotify:artist:([A-Za-z0-9]{22})$/;

/** Artists listed per page (GET /api/v4/artists/). */
export const ARTISTS_PAGE_SIZE = 25;
export const ARTIST_SORTS = ['updatetime', 'name', 'gifs'] as const;

/** Studios (verified users) listed per page (GET /api/v4/studios/), and the channels shown with each. */
export const STUDIOS_PAGE_SIZE = 25;
export const STUDIO_CHANNELS_SHOWN = 5;
