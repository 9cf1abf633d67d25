import type { TileOptions } from './types.ts';

/** The tile options a Grid or Carousel passes on to each Gif (the sink and user come by context). */
export function tileProps(props: TileOptions): TileOptions {
  const { borderRadius, tabIndex, noLink, hideAttribution } = props;
  const { onGifClick, onGifRightClick, onGifKeyPress, onGifHover, onGifUnhover, onGifVisible, onGifSeen, onGifReport } = props;
  return {
    borderRadius,
    tabIndex,
    noLink,
    hideAttribution,
    onGifClick,
    onGifRightClick,
    onGifKeyPress,
    onGifHover,
    onGifUnhover,
    onGifVisible,
    onGifSeen,
    onGifReport,
  };
}
