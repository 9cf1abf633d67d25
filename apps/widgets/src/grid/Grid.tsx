import { createGridMachine } from '@loopbox/machines/grid';
import { getGifHeight, type IGif } from '@loopbox/sdk';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { classNames } from '../class-names.ts';
import { DEFAULT_GUTTER, GRID_ERROR_MESSAGE } from '../constants.ts';
import { useFeed, type FeedCallbacks, type FetchGifs } from '../feed/use-feed.ts';
import { Gif } from '../gif/Gif.tsx';
import { tileProps } from '../gif/tile-props.ts';
import type { TileOptions } from '../gif/types.ts';
import { createObserverPool } from '../observers/observer-pool.ts';
import { ObserverPoolContext, useIntersection } from '../observers/use-intersection.ts';
import { PingbackScopeProvider, usePingbackScope } from '../pingback/scope.tsx';
import { gridTileWidth, masonry } from './masonry.ts';

export interface GridProps extends TileOptions, FeedCallbacks {
  /** Loads the page of GIFs at an offset, e.g. `(offset) => client.search('cats', { offset, limit: 25 })`. */
  fetchGifs: FetchGifs;
  /** Grid width in pixels. */
  width: number;
  columns: number;
  /** Space between tiles in pixels; default 6. */
  gutter?: number;
  /** Shown when the feed finished with no GIF. */
  noResultsMessage?: ReactNode;
  /** Margin around the viewport within which the loader counts as visible; default '0px'. */
  loaderRootMargin?: string;
  className?: string;
}

const createMachine = () => createGridMachine<IGif>();

/**
 * Masonry grid with infinite loading (SPEC 2.2, 4.2): fetches the next page while the loader
 * sentinel is visible, shows 'Error loading GIFs. Try again?' after a failure and the no-results
 * slot when nothing was found.
 */
export function Grid(props: GridProps) {
  const { fetchGifs, width, columns, gutter = DEFAULT_GUTTER, noResultsMessage, className, loaderRootMargin } = props;
  const { context, send } = useFeed(createMachine, fetchGifs, props);
  const scope = usePingbackScope({ pingback: props.pingback, user: props.user, layoutType: 'GRID' });
  const [tileObservers] = useState(createObserverPool);
  useEffect(() => () => tileObservers.disconnect(), [tileObservers]);
  const loader = useRef<HTMLDivElement>(null);
  useIntersection(loader, (entry) => send({ type: entry.isIntersecting ? 'LOADER_VISIBLE' : 'LOADER_HIDDEN' }), {
    enabled: !context.isDoneFetching,
    rootMargin: loaderRootMargin,
  });

  const tileWidth = gridTileWidth(width, columns, gutter);
  const heightOf = (gif: IGif) => getGifHeight(gif, tileWidth);
  const layout = masonry(context.gifs, columns, gutter, heightOf);
  const noResults = context.isDoneFetching && context.gifs.length === 0;
  return (
    <PingbackScopeProvider scope={scope}>
      <ObserverPoolContext.Provider value={tileObservers}>
        <div
          className={classNames('lb-grid', className)}
          data-lb-layout-type="GRID"
          data-lb-fetching={context.isFetching}
          data-lb-done={context.isDoneFetching}
          aria-busy={context.isFetching}
          style={{ width }}
        >
          <div className="lb-grid__columns" style={{ gap: gutter }}>
            {layout.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is a slot of the masonry (the first, the second…): its place is its identity
              <div key={index} className="lb-grid__column" style={{ width: tileWidth, gap: gutter }}>
                {column.map((gif) => (
                  <Gif key={gif.id} {...tileProps(props)} gif={gif} width={tileWidth} height={heightOf(gif)} />
                ))}
              </div>
            ))}
          </div>
          {noResults && noResultsMessage !== undefined && <div className="lb-grid__no-results">{noResultsMessage}</div>}
          {context.isError && (
            <div className="lb-grid__error" role="alert">
              <button type="button" className="lb-grid__retry" onClick={() => send({ type: 'RETRY' })}>
                {GRID_ERROR_MESSAGE}
              </button>
            </div>
          )}
          {!context.isDoneFetching && (
            <div ref={loader} className="lb-grid__loader">
              {context.isFetching && <span className="lb-loader" role="status" aria-label="Loading GIFs" />}
            </div>
          )}
        </div>
      </ObserverPoolContext.Provider>
    </PingbackScopeProvider>
  );
}
