/** A numbered media shard host (media1., media2., …) at the start of an absolute URL. */
const NUMBERED_MEDIA_HOST = /^((?:https?:)?\/\/)media\d+\./i;

/** Rewrites a numbered media host to the plain one: https://media3.host/x -> https://media.host/x. */
export function normalizeMediaHost(url: string): string {
  return url.replace(NUMBERED_MEDIA_HOST, '$1media.');
}
