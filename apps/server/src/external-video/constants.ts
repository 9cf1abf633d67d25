/** External video on a GIF (SPEC 3 `external_media`, 5 and 8): its hosts, ids and checks, each defined once. */

/** The two video hosts, by the provider_name stored and sent (the embed's Watch button knows the same two). */
export const VIDEO_HOSTS = ['YouTube', 'Vimeo'] as const;
export type VideoHost = (typeof VIDEO_HOSTS)[number];

/** A YouTube video id: 11 characters of its URL-safe alphabet. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** A Vimeo video id: digits. */
export const VIMEO_ID = /^[0-9]{1,20}$/;
/** The hosts each provider's URLs may name (any other is 'not a … url'). */
export const YOUTUBE_URL_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
];
export const VIMEO_URL_HOSTS = ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'];

/** The hosts' public oEmbed endpoints; YOUTUBE_OEMBED_URL and VIMEO_OEMBED_URL point elsewhere (tests run a stand-in on 127.0.0.1). */
export const YOUTUBE_OEMBED_DEFAULT_URL = 'https://www.youtube.com/oembed';
export const VIMEO_OEMBED_DEFAULT_URL = 'https://vimeo.com/api/oembed.json';
/** How long one oEmbed check may take before it counts as a failure. */
export const OEMBED_TIMEOUT_MS = 5_000;

/** The latest a video may start (seconds): twelve hours. */
export const VIDEO_START_MAX_S = 12 * 60 * 60;
/** SPEC 5's messages. */
export const NOT_A_VIDEO_ID = 'not a valid video id';
export const notAHostUrl = (host: VideoHost) => `not a ${host.toLowerCase()} url`;
