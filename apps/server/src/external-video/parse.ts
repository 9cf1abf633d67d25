import { z } from 'zod';
import type { ExternalMedia } from '../store/schema.ts';
import {
  NOT_A_VIDEO_ID,
  notAHostUrl,
  VIDEO_HOSTS,
  VIDEO_START_MAX_S,
  VIMEO_ID,
  VIMEO_URL_HOSTS,
  YOUTUBE_ID,
  YOUTUBE_URL_HOSTS,
  type VideoHost,
} from './constants.ts';

const looksLikeUrl = (value: string) => /^[a-z][a-z0-9+.-]*:|[/.]/i.test(value);

/** A YouTube video's id from an id or a youtube.com / youtu.be URL (watch?v=, /embed/, /shorts/, /live/, /v/). */
function youtubeId(url: URL): string | undefined {
  if (url.hostname === 'youtu.be') return url.pathname.split('/')[1];
  if (url.pathname === '/watch') return url.searchParams.get('v') ?? undefined;
  return /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1];
}

/** A Vimeo video's id from a vimeo.com URL: its last numeric path segment (/{id}, /video/{id}, /channels/x/{id}). */
function vimeoId(url: URL): string | undefined {
  return url.pathname
    .split('/')
    .filter(Boolean)
    .reverse()
    .find((segment) => VIMEO_ID.test(segment));
}

const HOST_RULES: Record<
  VideoHost,
  { id: RegExp; hosts: readonly string[]; idFromUrl(url: URL): string | undefined; watchUrl(id: string): string }
> = {
  YouTube: { id: YOUTUBE_ID, hosts: YOUTUBE_URL_HOSTS, idFromUrl: youtubeId, watchUrl: (id) => `https://www.youtube.com/watch?v=${id}` },
  Vimeo: { id: VIMEO_ID, hosts: VIMEO_URL_HOSTS, idFromUrl: vimeoId, watchUrl: (id) => `https://vimeo.com/${id}` },
};

/**
 * The video's id, from an id or a URL of its host; the SPEC 5 message otherwise: 'not a {host} url'
 * for a URL that is not the host's (one check per host), 'not a valid video id' for an id (or a
 * host's URL naming one) of the wrong form.
 */
export function videoIdOf(host: VideoHost, value: string): { id: string } | { error: string } {
  const rule = HOST_RULES[host];
  const given = value.trim();
  if (!looksLikeUrl(given)) return rule.id.test(given) ? { id: given } : { error: NOT_A_VIDEO_ID };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(given) ? given : `https://${given}`);
  } catch {
    return { error: notAHostUrl(host) };
  }
  if (!/^https?:$/.test(url.protocol) || !rule.hosts.includes(url.hostname.toLowerCase())) return { error: notAHostUrl(host) };
  const id = rule.idFromUrl(url);
  return id && rule.id.test(id) ? { id } : { error: NOT_A_VIDEO_ID };
}

/**
 * `external_media` as the GIF edit API takes it: the host, the video (its id or URL) and where to
 * start (whole seconds, 0 by default); null removes it. Stored as SPEC 3's provider_name,
 * asset_uid and start, with the video's watch URL.
 */
export const ExternalMediaField = z
  .object(
    {
      provider_name: z.enum(VIDEO_HOSTS, { error: `provider_name must be one of ${VIDEO_HOSTS.join(', ')}` }),
      video: z.string({ error: 'video must be a video id or URL' }).max(2000, 'video must be at most 2000 characters'),
      start: z
        .number({ error: 'start must be a whole number of seconds' })
        .int('start must be a whole number of seconds')
        .min(0, 'start must be at least 0')
        .max(VIDEO_START_MAX_S, `start must be at most ${VIDEO_START_MAX_S}`)
        .default(0),
    },
    { error: 'external_media must be {provider_name, video, start} or null' },
  )
  .transform((given, ctx): ExternalMedia => {
    const found = videoIdOf(given.provider_name, given.video);
    if ('error' in found) {
      ctx.addIssue({ code: 'custom', message: found.error, path: ['video'] });
      return z.NEVER;
    }
    return {
      provider_name: given.provider_name,
      asset_uid: found.id,
      start: given.start,
      url: HOST_RULES[given.provider_name].watchUrl(found.id),
    };
  })
  .nullable();
