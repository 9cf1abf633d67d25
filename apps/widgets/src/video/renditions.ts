import type { VideoRendition } from '@loopbox/machines/video';
import type { IGif } from '@loopbox/sdk';

/** The video renditions of a GIF item: its `video.assets` having a URL (e.g. '360p', '720p'). */
export function videoRenditions(gif: Pick<IGif, 'video'>): VideoRendition[] {
  const assets = gif.video?.assets ?? {};
  return Object.values(assets).flatMap((asset) => (asset.url ? [{ url: asset.url, width: asset.width, height: asset.height }] : []));
}
