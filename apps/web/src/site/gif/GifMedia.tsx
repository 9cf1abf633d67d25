import { mediaSize } from '@loopbox/pages';
import type { IGif } from '@loopbox/sdk';
import { Gif, Video } from '@loopbox/widgets';
import { useRef } from 'react';
import { useWidth } from '../feeds/use-width.ts';

/**
 * The GIF itself, as large as its column allows: the Video widget (with controls) when the item is a
 * video, else the Gif widget (webp or gif, its SEEN report as a single GIF). Its box is sized from
 * the GIF's dimensions before anything loads, so nothing moves when it does.
 */
export function GifMedia({ gif }: { gif: IGif }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const original = gif.images.original ?? { width: 480, height: 270 };
  const size = mediaSize(original, width);
  const hasVideo = Object.values(gif.video?.assets ?? {}).some((asset) => asset.url);
  return (
    <div ref={box} className="lb-gif-media" style={{ minHeight: size.height }}>
      {width > 0 &&
        (hasVideo ? (
          <Video gif={gif} width={size.width} height={size.height} muted controls persistentControls />
        ) : (
          <Gif gif={gif} width={size.width} height={size.height} noLink hideAttribution tabIndex={-1} className="lb-gif-media__gif" />
        ))}
    </div>
  );
}
