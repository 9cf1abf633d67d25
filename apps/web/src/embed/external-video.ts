import type { IExternalMedia } from '@loopbox/sdk';
import { FIRST_HOST_PLAYER_ORIGIN, SECOND_HOST_PLAYER_ORIGIN } from '@loopbox/pages';
import { BRAND_COLOUR } from './constants.ts';

export { FIRST_HOST_PLAYER_ORIGIN, SECOND_HOST_PLAYER_ORIGIN };

/** The two supported video hosts (SPEC 2.1, 7.7): the first speaks YouTube's player API, the second Vimeo's. */
export const FIRST_HOST = 'YouTube';
export const SECOND_HOST = 'Vimeo';
export type VideoHost = typeof FIRST_HOST | typeof SECOND_HOST;

export function isSupportedHost(providerName: string | undefined): providerName is VideoHost {
  return providerName === FIRST_HOST || providerName === SECOND_HOST;
}

/** SPEC 5: the Watch button shows only for a supported provider and not when hideVideo is set. */
export function watchableMedia(
  media: IExternalMedia | undefined,
  hideVideo = false,
): (IExternalMedia & { provider_name: VideoHost }) | undefined {
  if (hideVideo || !media || !isSupportedHost(media.provider_name) || !media.asset_uid) return undefined;
  return media as IExternalMedia & { provider_name: VideoHost };
}

/**
 * The muted player URL of SPEC 7.7. First host: autoplay 1, loop 1, playsinline 1, fs 0, rel 0,
 * volume 0, enablejsapi 1, start = max(start − 1, 0), plus mute 1. Second host: autoplay, byline
 * false, loop false, title false, the brand colour, plus muted.
 */
export function playerUrl(media: IExternalMedia & { provider_name: VideoHost }): string {
  const id = encodeURIComponent(media.asset_uid);
  if (media.provider_name === FIRST_HOST) {
    const query = new URLSearchParams({
      autoplay: '1',
      loop: '1',
      playsinline: '1',
      fs: '0',
      rel: '0',
      volume: '0',
      enablejsapi: '1',
      start: String(Math.max((media.start ?? 0) - 1, 0)),
      mute: '1',
    });
    return `${FIRST_HOST_PLAYER_ORIGIN}/embed/${id}?${query}`;
  }
  const query = new URLSearchParams({
    autoplay: 'true',
    byline: 'false',
    loop: 'false',
    title: 'false',
    color: BRAND_COLOUR,
    muted: 'true',
  });
  return `${SECOND_HOST_PLAYER_ORIGIN}/video/${id}?${query}`;
}

export function playerOrigin(host: VideoHost): string {
  return host === FIRST_HOST ? FIRST_HOST_PLAYER_ORIGIN : SECOND_HOST_PLAYER_ORIGIN;
}
