import { z } from 'zod';
import { VIMEO_OEMBED_DEFAULT_URL, YOUTUBE_OEMBED_DEFAULT_URL, type VideoHost } from './constants.ts';

/** Where each host's oEmbed endpoint is (YOUTUBE_OEMBED_URL, VIMEO_OEMBED_URL): the real hosts unless set. */
export type VideoOembedSettings = Record<VideoHost, string>;

const httpUrl = (name: string) => z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` });
const Env = z.object({
  YOUTUBE_OEMBED_URL: httpUrl('YOUTUBE_OEMBED_URL').default(YOUTUBE_OEMBED_DEFAULT_URL),
  VIMEO_OEMBED_URL: httpUrl('VIMEO_OEMBED_URL').default(VIMEO_OEMBED_DEFAULT_URL),
});

export function videoOembedFrom(env: Readonly<Record<string, string | undefined>>): VideoOembedSettings {
  const given = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in Env.shape && value !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) throw new Error(`External video: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return { YouTube: parsed.data.YOUTUBE_OEMBED_URL, Vimeo: parsed.data.VIMEO_OEMBED_URL };
}
