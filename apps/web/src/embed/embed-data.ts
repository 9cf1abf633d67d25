import type { EmbedRenderRequest } from '@loopbox/pages';
import { getAvatarUrl, normalizeGif, type IGif, type WireGif } from '@loopbox/sdk';
import { ATTRIBUTION_AVATAR_RENDITION } from '@loopbox/widgets';
import { HIDE_VIDEO_PARAM, MOBILE_USER_AGENT } from './constants.ts';
import { isMobileUserAgent } from './page-config.ts';

/**
 * What the server renders the embed view from and the page hydrates from, written into the page
 * as JSON: the same values on both sides, so the hydrated view matches the served markup.
 */
export interface EmbedData {
  gif: WireGif;
  isMobile: boolean;
  /** Embed options (SPEC 3): hide the Watch button. */
  hideVideo: boolean;
  homeUrl: string;
  /** The attribution's avatar: a user's has one URL; without one a placeholder is drawn once, here. */
  avatarUrl: string;
}

/** The view's props from the data: the GIF normalised, everything else as decided by the server. */
export interface EmbedViewData extends Omit<EmbedData, 'gif'> {
  gif: IGif;
}

/** Decides the view's facts from the request (SPEC 5 mobile detection, SPEC 3 hide_video). */
export function embedDataOf(request: EmbedRenderRequest): EmbedData {
  const gif = request.gif as unknown as WireGif;
  return {
    gif,
    isMobile: isMobileUserAgent(request.userAgent, MOBILE_USER_AGENT),
    hideVideo: new URLSearchParams(request.search).has(HIDE_VIDEO_PARAM),
    homeUrl: request.homeUrl,
    avatarUrl: getAvatarUrl(gif.user?.avatar_url, { rendition: ATTRIBUTION_AVATAR_RENDITION }),
  };
}

export const viewDataOf = (data: EmbedData): EmbedViewData => ({ ...data, gif: normalizeGif(data.gif) });

/** The page's embed data (EMBED_DATA_ELEMENT_ID), or undefined when it has none. */
export function readEmbedData(element: Element | null): EmbedData | undefined {
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as EmbedData) : undefined;
  } catch {
    return undefined;
  }
}
