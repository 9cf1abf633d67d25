import type { IGif, IUser } from '@loopbox/sdk';
import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';
import type { PingbackSink } from '../pingback/types.ts';

/** Callbacks of a GIF tile; Grid and Carousel pass them to each of their tiles. */
export interface GifCallbacks {
  /** A click (or Enter / Space on a noLink tile). Call event.preventDefault() to stay on the page. */
  onGifClick?: (gif: IGif, event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => void;
  onGifRightClick?: (gif: IGif, event: MouseEvent<HTMLElement>) => void;
  onGifKeyPress?: (gif: IGif, event: KeyboardEvent<HTMLElement>) => void;
  /** The pointer stayed on the tile for HOVER_REPORT_DELAY_MS (when the HOVER report is sent). */
  onGifHover?: (gif: IGif, event: SyntheticEvent<HTMLElement>) => void;
  /** The pointer left the tile. */
  onGifUnhover?: (gif: IGif, event: SyntheticEvent<HTMLElement>) => void;
  /** The tile came into view (its image starts loading). */
  onGifVisible?: (gif: IGif, entry: IntersectionObserverEntry) => void;
  /** The loaded tile was 99% visible (when the SEEN report is sent); once per tile. */
  onGifSeen?: (gif: IGif, boundingClientRect: DOMRectReadOnly) => void;
  /**
   * When set, the tile shows a "Report" button beside its link; pressing it calls this with the GIF
   * (and nothing else: no CLICK report, no navigation). The host opens its own report form, e.g.
   * one posting `{reason, note}` to `/ajax/gif/{id}/report/` (issue 19).
   */
  onGifReport?: (gif: IGif) => void;
}

/** Options every tile of a widget shares (SPEC 3 widget props). */
export interface TileOptions extends GifCallbacks {
  /** Corner radius in pixels; default 4. */
  borderRadius?: number;
  /** default 0. */
  tabIndex?: number;
  /** Render the tile as a focusable element instead of a link to the GIF's page. */
  noLink?: boolean;
  hideAttribution?: boolean;
  /** The logged-in user, sent as logged_in_user_id in usage reports; default {}. */
  user?: Partial<IUser>;
  /** Where usage reports go: a sink, null for none; default the page's collector. */
  pingback?: PingbackSink | null;
}
