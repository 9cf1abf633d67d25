import '@loopbox/widgets/styles.css';
import { Grid, type PingbackSink } from '@loopbox/widgets';
import { useCallback } from 'react';
import type { Track } from './analytics.ts';
import type { RelatedClient } from './DesktopFooter.tsx';
import { RELATED_FIRST_PAGE_LIMIT, RELATED_GRID_COLUMNS, RELATED_GRID_GUTTER, RELATED_PAGE_LIMIT } from './constants.ts';

export interface RelatedGridProps {
  gifId: string;
  client: RelatedClient;
  width: number;
  /** Tracks grid GIF clicks (the embed view); none on the GIF page. */
  track?: Track;
  /** Where the grid's pingbacks go; default the enclosing PingbackProvider's, else the widgets' own sink. */
  pingback?: PingbackSink | undefined;
}

/** The page size at an offset (SPEC 7.7): 6 first, then 12. */
export const relatedPageLimit = (offset: number) => (offset === 0 ? RELATED_FIRST_PAGE_LIMIT : RELATED_PAGE_LIMIT);

/** Related GIFs through the provider client with the embed key; loaded lazily on first hover. */
export default function RelatedGrid({ gifId, client, width, track, pingback }: RelatedGridProps) {
  const fetchGifs = useCallback((offset: number) => client.related(gifId, { offset, limit: relatedPageLimit(offset) }), [client, gifId]);
  return (
    <Grid
      className="lb-embed__related-grid"
      fetchGifs={fetchGifs}
      width={width}
      columns={RELATED_GRID_COLUMNS}
      gutter={RELATED_GRID_GUTTER}
      hideAttribution
      {...(pingback ? { pingback } : {})}
      {...(track ? { onGifClick: () => track({ category: 'Embed', action: 'CLICK', label: 'GRID GIF' }) } : {})}
    />
  );
}
