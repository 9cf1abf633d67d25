import { getAltText, getGifHeight, type IGif } from '@loopbox/sdk';
import { memo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { DEFAULT_BORDER_RADIUS, DEFAULT_TAB_INDEX } from '../constants.ts';
import { useParentPingbackScope, usePingbackScope, useReporter } from '../pingback/scope.tsx';
import { classNames } from '../class-names.ts';
import { Attribution, attributionOf } from './attribution.tsx';
import { randomBackground } from './background.ts';
import { imageSources } from './image-sources.ts';
import type { TileOptions } from './types.ts';
import { useHoverReport } from './use-hover-report.ts';
import { useTileVisibility } from './use-tile-visibility.ts';

export interface GifProps extends TileOptions {
  gif: IGif;
  /** Tile width in pixels. */
  width: number;
  /** Tile height in pixels; default: from width and the GIF's aspect ratio. */
  height?: number;
  /** Default: a random palette colour; stickers always get the sticker background. */
  backgroundColor?: string;
  className?: string;
}

const isActivationKey = (key: string) => key === 'Enter' || key === ' ';

/**
 * One GIF tile (SPEC 2.2, 4.3) linking to the GIF's page: an empty box until first in view, then a
 * picture (webp source, srcset) with the attribution overlay; SEEN, CLICK and HOVER usage reports;
 * with `onGifReport`, a Report button beside the link. Memoised: a Grid or Carousel re-rendering (a
 * page appended, the loader toggling) leaves tiles whose props are unchanged alone.
 */
export const Gif = memo(function Gif(props: GifProps) {
  const {
    gif,
    width,
    height = getGifHeight(gif, width),
    backgroundColor,
    className,
    borderRadius = DEFAULT_BORDER_RADIUS,
    tabIndex = DEFAULT_TAB_INDEX,
    noLink = false,
    hideAttribution = false,
    user,
    pingback,
  } = props;
  const parent = useParentPingbackScope();
  const scope = usePingbackScope({ pingback, user, layoutType: parent?.layoutType ?? 'GIF' });
  const report = useReporter(scope);
  const tile = useRef<HTMLElement | null>(null);
  const [randomColor] = useState(() => randomBackground());
  const [loaded, setLoaded] = useState(false);
  const inView = useTileVisibility(tile, loaded, {
    onFirstSight: (entry) => props.onGifVisible?.(gif, entry),
    onSeen: (rect) => {
      report(gif, 'SEEN', tile.current);
      props.onGifSeen?.(gif, rect);
    },
  });
  const hover = useHoverReport(
    (event) => {
      report(gif, 'HOVER', tile.current);
      props.onGifHover?.(gif, event);
    },
    (event) => props.onGifUnhover?.(gif, event),
  );

  const click = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    report(gif, 'CLICK', tile.current);
    props.onGifClick?.(gif, event);
  };
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    props.onGifKeyPress?.(gif, event);
    // A link activates itself on Enter; a noLink tile acts as a button.
    if (noLink && isActivationKey(event.key)) {
      event.preventDefault();
      click(event);
    }
  };
  const imageLoaded = () => setLoaded(true);

  const sticker = gif.is_sticker;
  // Off-screen tiles stay an empty box: no sources worked out, no overlay laid out, until first in view.
  const attribution = hideAttribution || !inView ? undefined : attributionOf(gif.user);
  const sources = inView ? imageSources(gif, width, height) : undefined;
  const alt = getAltText(gif);
  const Tag = noLink ? 'div' : 'a';
  // Off screen there is no image at all, not even a placeholder to decode: the tile itself carries the name.
  const image = sources && (
    <img
      className="lb-gif__image"
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.sizes}
      width={width}
      height={height}
      alt={alt}
      onLoad={imageLoaded}
    />
  );
  const tileElement = (
    <Tag
      ref={(element: HTMLElement | null) => {
        tile.current = element;
      }}
      className={classNames('lb-gif', sticker && 'lb-gif--sticker', loaded && 'lb-gif--loaded', className)}
      href={noLink ? undefined : gif.url}
      role={noLink ? (props.onGifClick ? 'button' : image ? undefined : 'img') : undefined}
      tabIndex={tabIndex}
      data-lb-gif-id={gif.id}
      aria-label={image ? undefined : alt}
      style={{ width, height, borderRadius, backgroundColor: sticker ? undefined : (backgroundColor ?? randomColor) }}
      onClick={click}
      onContextMenu={(event: MouseEvent<HTMLElement>) => props.onGifRightClick?.(gif, event)}
      onKeyDown={keyDown}
      {...hover}
    >
      {sources?.webpSrcSet ? (
        <picture>
          <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sources.sizes} />
          {image}
        </picture>
      ) : (
        image
      )}
      {attribution && gif.user && <Attribution user={gif.user} info={attribution} />}
    </Tag>
  );
  const onReport = props.onGifReport;
  if (!onReport) return tileElement;
  // The button sits beside the link, never inside it (no interactive content within a link).
  return (
    <div className="lb-gif-frame" style={{ width, height }}>
      {tileElement}
      <button type="button" className="lb-gif__report" aria-label={`Report ${alt}`} onClick={() => onReport(gif)}>
        Report
      </button>
    </div>
  );
});
