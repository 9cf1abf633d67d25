import { z } from 'zod';
import { User } from './accounts.ts';
import { countedPage, enveloped, Timestamp, type Wire } from './common.ts';

/** The artists directory, studios (verified users), and a creator's artist settings. */

const gifCount = z.number().int().min(0);

/** A public creator with public GIFs, as `/artists` lists them. */
export const Artist = User.extend({
  is_freelance: z.boolean(),
  /** The linked Spotify artist; `name` is what Spotify called it when linked. */
  music_artist: z.strictObject({ url: z.string(), name: z.string().nullable() }).nullable(),
  gif_count: gifCount,
  /** Their latest listed GIF's last change. */
  updatetime: Timestamp,
});
export type Artist = Wire<typeof Artist>;

/** A verified public user, as `/studios` lists them, with their open top-level channels. */
export const Studio = User.extend({
  gif_count: gifCount,
  channels: z.array(z.strictObject({ slug: z.string(), display_name: z.string() })),
});
export type Studio = Wire<typeof Studio>;

/** A creator's artist settings after a change. */
export const ArtistSettings = z.strictObject({
  id: z.number().int(),
  is_freelance: z.boolean(),
  music_artist_url: z.string().nullable(),
  music_artist_name: z.string().nullable(),
});
export type ArtistSettings = Wire<typeof ArtistSettings>;

/** Both listings always count the total. */
export const ArtistsAnswer = countedPage(Artist);
export const StudiosAnswer = countedPage(Studio);
export type StudiosPage = Wire<typeof StudiosAnswer>;
export const SpotifyArtistAnswer = enveloped(z.strictObject({ name: z.string(), spotify_url: z.string() }));
export const ArtistSettingsAnswer = enveloped(ArtistSettings);
