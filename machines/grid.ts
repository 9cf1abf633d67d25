import { GRID_FETCH_DEBOUNCE_MS } from './constants.ts';
import { createFeedMachine, type FeedContext, type FeedEvent } from './feed.ts';

/** Grid feed: 250 ms debounce; failures set isError and run the `onError` action. */
export const createGridMachine = <TGif>() =>
  createFeedMachine<TGif>({ id: 'grid', debounceMs: GRID_FETCH_DEBOUNCE_MS, reportErrors: true });

export type GridContext<TGif> = FeedContext<TGif>;
export type GridEvent = FeedEvent;
