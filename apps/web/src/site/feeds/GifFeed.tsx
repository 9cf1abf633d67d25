import type { IGif } from '@loopbox/sdk';
import { Grid, type FetchGifs } from '@loopbox/widgets';
import { useRef, type ReactNode } from 'react';
import { GRID_GUTTER_PX, GRID_PRELOAD_MARGIN, gridColumns, SITE_PAGE_SIZE } from './layout.ts';
import { useOpenGif } from '../shell/navigation.ts';
import { useWidth } from './use-width.ts';

export interface GifFeedProps {
  fetchGifs: FetchGifs;
  noResults?: ReactNode;
  /** The page number of the feed's first GIF (a feed opened at /page/{n} starts at n). */
  firstPage?: number;
  /** Called once per page of results, when the first of its GIFs has been seen. */
  onPageSeen?: (page: number) => void;
  className?: string;
}

/**
 * The site's masonry grid: as wide as its container, infinite, opening a GIF in the site without a
 * page load. Each tile reports its SEEN, CLICK and HOVER pingbacks (layout GRID) through the site's sink.
 */
export function GifFeed({ fetchGifs, noResults, firstPage = 1, onPageSeen, className }: GifFeedProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const openGif = useOpenGif();
  const positions = useRef(new Map<string, number>());
  const seenPages = useRef(new Set<number>());
  const pageSeen = useRef(onPageSeen);
  pageSeen.current = onPageSeen;

  const remember = (gifs: IGif[]) => {
    gifs.forEach((gif, index) => {
      positions.current.set(gif.id, index);
    });
  };
  const seen = (gif: IGif) => {
    const index = positions.current.get(gif.id);
    if (index === undefined) return;
    const page = firstPage + Math.floor(index / SITE_PAGE_SIZE);
    if (seenPages.current.has(page)) return;
    seenPages.current.add(page);
    pageSeen.current?.(page);
  };
  return (
    <div ref={box} className={className ?? 'lb-site-feed'}>
      {width > 0 && (
        <Grid
          fetchGifs={fetchGifs}
          width={width}
          columns={gridColumns(width)}
          gutter={GRID_GUTTER_PX}
          loaderRootMargin={GRID_PRELOAD_MARGIN}
          noResultsMessage={noResults}
          onGifsFetched={remember}
          onGifSeen={seen}
          onGifClick={openGif}
        />
      )}
    </div>
  );
}
