export { LoopboxFetch, type LoopboxFetchOptions } from './client.ts';
export { FetchError, type SerializedFetchError } from './errors.ts';
export { MemoryCacheStore, type CacheEntry, type CacheStore } from './cache.ts';
export type { FetchLike } from './request.ts';
export type { QueryParams, QueryValue } from './api-url.ts';
export { gifPaginator, type Page } from './paginator.ts';
export { normalizeCategory, normalizeChannel, normalizeGif, normalizeImages } from './normalize.ts';
export {
  bestFit,
  getBestRendition,
  getBestRenditionUrl,
  type ChosenRendition,
  type RenditionVariant,
  type Size,
} from './renditions.ts';
export { getGifHeight, getGifWidth } from './gif-size.ts';
export { getAltText, type AltTextSource } from './alt-text.ts';
export { getAvatarPlaceholderUrl, getAvatarUrl, type AvatarOptions } from './avatar.ts';
export { normalizeMediaHost } from './media-host.ts';
export {
  createPingbackId,
  getPingbackId,
  type KeyValueStorage,
  type PingbackIdSources,
} from './pingback-id.ts';
export { createSdkHeaders, type SdkHeaderName, type SdkHeaders } from './sdk-headers.ts';
export { newEventId, sessionPingbackId } from './environment.ts';
export { createLogger, isDebugEnabled, type DebugSwitches, type Logger, type PageLocation } from './debug.ts';
export * from './constants.ts';
export * from './page-analytics-constants.ts';
export {
  isPageType,
  PAGE_TYPES,
  pageTypeOf,
  pageViewOf,
  parsePageUrl,
  virtualPagePath,
  type PageType,
  type PageView,
  type PageViewOptions,
  type VirtualPage,
} from './page-analytics.ts';
export type * from './types.ts';
export type * from './wire-types.ts';
