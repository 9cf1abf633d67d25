export * from './gif-maker.ts';
export * from './caption-fit.ts';
export * from './constants.ts';
export * from './grid-layout.ts';
export * from './home-layout.ts';
export * from './gif-media-size.ts';
export * from './site-header.ts';
export * from './route-constants.ts';
export {
  EMBED_DATA_ELEMENT_ID,
  EMBED_RENDERER_FILE,
  type EmbedRendered,
  type EmbedRenderRequest,
  type RenderEmbed,
} from './embed-render.ts';
export { embedCode, embedSrc, fitInto, type EmbedCodeOptions, type EmbedCodeSource } from './embed-code.ts';
export { escapeHtml } from './escape.ts';
export { searchTabCounts } from './search-tab-counts.ts';
export { FIRST_DATA_ELEMENT_ID, firstDataKey } from './first-data.ts';
export { gifIdFromPath } from './gif-id.ts';
export {
  accountHead,
  categoryHead,
  channelEditorHead,
  developerReviewHead,
  apiDocsHead,
  developersHead,
  channelHead,
  channelSearchHead,
  type ChannelHeadSource,
  errorHead,
  exploreHead,
  gifHead,
  gifKind,
  homeHead,
  listingHead,
  profileHead,
  searchHead,
  SEARCH_KINDS,
  sitePageHead,
  storyHead,
  type StoryHeadSource,
  type GifHeadSource,
  type PageHead,
  type ProfileHeadSource,
} from './heads.ts';
export {
  ACCOUNT_PAGE_PATHS,
  isAccountRoute,
  loginPath,
  safeNextPath,
  type AccountPage,
  categoryPath,
  channelEditorPath,
  channelPath,
  channelSearchPath,
  createPath,
  explorePath,
  gifPath,
  parseSitePath,
  profilePath,
  searchPath,
  sitePath,
  storyPath,
  termFromSegment,
  termSegment,
  DASHBOARD_SECTIONS,
  type DashboardSection,
  type ErrorStatus,
  type SearchType,
  type SitePage,
  type SiteRoute,
} from './routes.ts';
export * from './moderation.ts';
export * from './verified-channels.ts';
