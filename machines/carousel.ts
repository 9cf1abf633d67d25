import { CAROUSEL_FETCH_DEBOUNCE_MS } from './constants.ts';
import { createFeedMachine, type FeedContext, type FeedEvent } from './feed.ts';

/** Carousel feed: 100 ms debounce; fetch failures are swallowed. */
export const createCarouselMachine = <TGif>() =>
  createFeedMachine<TGif>({ id: 'carousel', debounceMs: CAROUSEL_FETCH_DEBOUNCE_MS, reportErrors: false });

export type CarouselContext<TGif> = Omit<FeedContext<TGif>, 'isError'>;
export type CarouselEvent = FeedEvent;
