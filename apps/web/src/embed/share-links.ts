import { FAVORITE_REF, MICROBLOG_POPUP_SIZE, PROVIDER_NAME, SHARE_POPUP_SIZE } from './constants.ts';

/** The three social targets of the share menu (SPEC 2.1): a large network, microblogging, pin-board. */
export type ShareTarget = 'Facebook' | 'Twitter' | 'Pinterest';
export const SHARE_TARGETS: readonly ShareTarget[] = ['Facebook', 'Twitter', 'Pinterest'];

export interface ShareSource {
  pageUrl: string;
  mediaUrl: string;
  title: string;
}

/** The prebuilt share URL of each target (SPEC 7.7). */
export function shareUrl(target: ShareTarget, { pageUrl, mediaUrl, title }: ShareSource): string {
  switch (target) {
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: pageUrl })}`;
    case 'Twitter':
      return `https://twitter.com/intent/tweet?${new URLSearchParams({ url: pageUrl, text: `${title} via ${PROVIDER_NAME}` })}`;
    case 'Pinterest':
      return `https://pinterest.com/pin/create/button/?${new URLSearchParams({ url: pageUrl, media: mediaUrl, description: title })}`;
  }
}

/** window.open features: 480×480, or 750×350 for the microblogging service (SPEC 9). */
export function popupFeatures(target: ShareTarget): string {
  const { width, height } = target === 'Twitter' ? MICROBLOG_POPUP_SIZE : SHARE_POPUP_SIZE;
  return `width=${width},height=${height},noopener`;
}

/** The GIF page with ref=fave (SPEC 7.7). */
export function favoriteUrl(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('ref', FAVORITE_REF);
  return url.toString();
}
