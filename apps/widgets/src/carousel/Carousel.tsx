import { createCarouselMachine } from '@loopbox/machines/carousel';
import { getGifWidth, type IGif } from '@loopbox/sdk';
import { useRef } from 'react';
import { classNames } from '../class-names.ts';
import { CAROUSEL_LOADER_WIDTH_PX, DEFAULT_GUTTER } from '../constants.ts';
import { useFeed, type FeedCallbacks, type FetchGifs } from '../feed/use-feed.ts';
import { Gif } from '../gif/Gif.tsx';
import { tileProps } from '../gif/tile-props.ts';
import type { TileOptions } from '../gif/types.ts';
import { useIntersection } from '../observers/use-intersection.ts';
import { PingbackScopeProvider, usePingbackScope } from '../pingback/scope.tsx';

export interface CarouselProps extends TileOptions, Omit<FeedCallbacks, 'onGifsFetchError'> {
  /** Loads the page of GIFs at an offset, e.g. `(offset) => client.trending({ offset, limit: 25 })`. */
  fetchGifs: FetchGifs;
  /** Tile height in pixels. */
  gifHeight: number;
  /** Tile width in pixels for every tile; default: each GIF's width at gifHeight. */
  gifWidth?: number;
  /** Space between tiles in pixels; default 6. */
  gutter?: number;
  /** Accessible name of the scrolling list; default 'GIFs'. */
  label?: string;
  className?: string;
}

const createMachine = () => createCarouselMachine<IGif>();

/**
 * A horizontally scrolling row of GIFs with infinite loading (SPEC 2.2, 4.2): a 30 px loader
 * sentinel at the end of the row fetches the next page; fetch failures are swallowed.
 */
export function Carousel(props: CarouselProps) {
  const { fetchGifs, gifHeight, gifWidth, gutter = DEFAULT_GUTTER, className, label = 'GIFs' } = props;
  const { context, send } = useFeed(createMachine, fetchGifs, props);
  const scope = usePingbackScope({ pingback: props.pingback, user: props.user, layoutType: 'CAROUSEL' });
  const scroller = useRef<HTMLDivElement>(null);
  const loader = useRef<HTMLDivElement>(null);
  useIntersection(loader, (entry) => send({ type: entry.isIntersecting ? 'LOADER_VISIBLE' : 'LOADER_HIDDEN' }), {
    enabled: !context.isDoneFetching,
    root: scroller,
  });

  return (
    <PingbackScopeProvider scope={scope}>
      {/* biome-ignore lint/a11y/useSemanticElements: an embeddable widget's root stays a div, out of reach of a host page's element styles (section { … }), as the server-rendered first screen draws it */}
      <div
        ref={scroller}
        className={classNames('lb-carousel', className)}
        data-lb-layout-type="CAROUSEL"
        data-lb-fetching={context.isFetching}
        data-lb-done={context.isDoneFetching}
        aria-busy={context.isFetching}
        role="region"
        aria-label={label}
        style={{ gap: gutter, height: gifHeight }}
      >
        {context.gifs.map((gif) => (
          <Gif key={gif.id} {...tileProps(props)} gif={gif} width={gifWidth ?? getGifWidth(gif, gifHeight)} height={gifHeight} />
        ))}
        {!context.isDoneFetching && (
          <div
            ref={loader}
            className="lb-carousel__loader"
            style={{ width: CAROUSEL_LOADER_WIDTH_PX, minWidth: CAROUSEL_LOADER_WIDTH_PX }}
          />
        )}
      </div>
    </PingbackScopeProvider>
  );
}
