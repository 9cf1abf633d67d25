/**
 * Clean, GIPHY-shaped types: what every client method returns after normalisation.
 * Fields the normaliser guarantees are required; fields passed through as received are optional.
 */
import type { AVATAR_RENDITIONS, CHANNEL_FLAGS, GIF_FLAGS, USER_FLAGS } from './constants.ts';

export type GifFlag = (typeof GIF_FLAGS)[number];
export type UserFlag = (typeof USER_FLAGS)[number];
export type ChannelFlag = (typeof CHANNEL_FLAGS)[number];
export type AvatarRendition = (typeof AVATAR_RENDITIONS)[number];

export type Rating = 'g' | 'pg' | 'pg-13' | 'r' | 'y';
/** Media types of search and trending (`videos`: clips, videos with sound); random and related take gifs or stickers. */
export type MediaType = 'gifs' | 'stickers' | 'text' | 'videos';
export type SortType = 'relevant' | 'recent';

/** One rendition in `images`: width and height are integers, the three media variants optional. */
export interface IRendition {
  width: number;
  height: number;
  url?: string;
  mp4?: string;
  webp?: string;
  size?: string;
  mp4_size?: string;
  webp_size?: string;
  frames?: string;
  hash?: string;
}

export type RenditionName =
  | 'original'
  | 'original_still'
  | 'original_mp4'
  | 'fixed_width'
  | 'fixed_width_still'
  | 'fixed_width_downsampled'
  | 'fixed_width_small'
  | 'fixed_width_small_still'
  | 'fixed_height'
  | 'fixed_height_still'
  | 'fixed_height_downsampled'
  | 'fixed_height_small'
  | 'fixed_height_small_still'
  | 'downsized'
  | 'downsized_still'
  | 'downsized_large'
  | 'downsized_medium'
  | 'downsized_small'
  | 'preview'
  | 'preview_gif'
  | 'preview_webp'
  | 'looping'
  | 'hd'
  | '480w_still';

export type IImages = Partial<Record<RenditionName, IRendition>>;

export interface IUser extends Partial<Record<UserFlag, boolean>> {
  id?: number | string;
  username?: string;
  display_name?: string;
  attribution_display_name?: string;
  avatar_url?: string;
  banner_image?: string;
  banner_url?: string;
  profile_url?: string;
  description?: string;
  user_type?: string;
  website_url?: string;
  twitter?: string;
  twitter_url?: string;
  facebook_url?: string;
  instagram_url?: string;
  tumblr_url?: string;
}

export interface IVideo {
  assets?: Record<string, IRendition>;
  previews?: IImages;
  description?: string;
  dash_manifest_url?: string;
  hls_manifest_url?: string;
}

export interface IExternalMedia {
  provider_name: string;
  asset_uid: string;
  start?: number;
}

export interface IGif extends Record<GifFlag, boolean> {
  id: string;
  tags: string[];
  images: IImages;
  /** Always set: the record's own alt text, else the SPEC 3 fallback (see getAltText). */
  alt_text: string;
  user?: IUser;
  video?: IVideo;
  type?: string;
  title?: string;
  slug?: string;
  url?: string;
  embed_url?: string;
  bitly_url?: string;
  bitly_gif_url?: string;
  username?: string;
  source?: string;
  source_tld?: string;
  source_post_url?: string;
  content_url?: string;
  rating?: string;
  import_datetime?: string;
  trending_datetime?: string;
  analytics_response_payload?: string;
  external_media?: IExternalMedia;
  emoji_group_id?: number;
  variation?: string;
  variation_count?: number;
}

export interface IChannelTag {
  id: number;
  channel: number;
  tag: string;
  rank?: number;
}

export interface IChannel extends Partial<Record<ChannelFlag, boolean>> {
  id: number;
  slug?: string;
  url?: string;
  display_name?: string;
  short_display_name?: string;
  description?: string;
  metadata_description?: string;
  type?: string;
  content_type?: string;
  parent?: number | null;
  banner_image?: string | null;
  user?: IUser;
  featured_gif?: IGif;
  screensaver_gif?: IGif;
  tags?: IChannelTag[];
  ancestors?: IChannel[];
  children?: IChannel[];
  analytics_response_payload?: string;
}

export interface ICategory {
  name: string;
  name_encoded: string;
  subcategories: ICategory[];
  gif?: IGif;
}

export interface IMeta {
  status: number;
  msg: string;
  response_id: string;
}

export interface IPagination {
  count: number;
  offset: number;
  total_count: number;
}

/** Version-2 emoji lists page with a cursor and carry no total. */
export interface ICursorPagination {
  count: number;
  offset: number;
  next_cursor?: number | string;
}

export interface GifResult {
  data: IGif;
  meta: IMeta;
}

export interface GifsResult {
  data: IGif[];
  pagination: IPagination;
  meta: IMeta;
}

export interface CursorGifsResult {
  data: IGif[];
  pagination: ICursorPagination;
  meta: IMeta;
}

export interface NonPaginatedGifsResult {
  data: IGif[];
  meta: IMeta;
}

export interface CategoriesResult {
  data: ICategory[];
  pagination: IPagination;
  meta: IMeta;
}

export interface ChannelsResult {
  data: IChannel[];
  pagination: IPagination;
  meta: IMeta;
}

export interface TrendingSearchesResult {
  data: string[];
  meta: IMeta;
}

/** A tag of tag completion and related tags (SPEC 3): its text, and `score` when asked for. */
export interface ITag {
  name: string;
  name_encoded?: string;
  analytics_response_payload?: string;
  score?: number;
}

export interface TagsResult {
  data: ITag[];
  meta: IMeta;
}

/* Options of the client methods. */

export interface PaginationOptions {
  limit?: number;
  offset?: number;
}

export interface SearchOptions extends PaginationOptions {
  /** gifs (default), stickers, text or videos (clips). */
  type?: MediaType;
  /** Default: the client's rating, pg-13 unless configured. */
  rating?: Rating;
  sort?: SortType;
  lang?: string;
  /** Search within a channel: the query becomes `@{channel} {term}`. */
  channel?: string;
  /** Only the total (`data` empty), and not logged as a search: a result tab's count. Loopbox's own parameter. */
  countOnly?: boolean;
}

export interface TrendingOptions extends PaginationOptions {
  type?: MediaType;
  rating?: Rating;
}

export interface RandomOptions {
  type?: 'gifs' | 'stickers';
  tag?: string;
  rating?: Rating;
}

export interface RelatedOptions extends PaginationOptions {
  type?: 'gifs' | 'stickers' | 'videos';
  rating?: Rating;
}

export interface ChannelsSearchOptions extends PaginationOptions {
  rating?: Rating;
}
