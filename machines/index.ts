export * from './constants.ts';
export {
  createFeedMachine,
  type FeedContext,
  type FeedEvent,
  type FeedMachine,
  type FeedOptions,
  type FetchGifsInput,
} from './feed.ts';
export { createGridMachine, type GridContext, type GridEvent } from './grid.ts';
export { createCarouselMachine, type CarouselContext, type CarouselEvent } from './carousel.ts';
export {
  videoMachine,
  type SwapSourceParams,
  type VideoContext,
  type VideoEvent,
  type VideoInput,
  type VideoMachine,
} from './video.ts';
export { fileExtension, videoErrorMessage } from './video-error.ts';
export { displayedProgress, newlyReachedQuartiles, playedFraction } from './video-progress.ts';
export { betterRendition, chooseRendition, type VideoRendition } from './video-rendition.ts';
export {
  embedMachine,
  playLabel,
  type EmbedContext,
  type EmbedEvent,
  type EmbedInput,
  type EmbedMachine,
  type EmbedMedia,
  type EmbedTrackAction,
  type EmbedTrackParams,
  type SecondHostPlayerEvent,
} from './embed.ts';
