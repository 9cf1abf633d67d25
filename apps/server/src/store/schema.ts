import type { ColumnType, Generated, JSONColumnType, SelectType } from 'kysely';
import type { ModerationState, Removal, Visibility } from '../content-policy/states.ts';

/** Rendition metadata as stored: file names are relative to the GIF's media folder. */
export interface StoredRendition {
  width: number;
  height: number;
  gif?: { file: string; size: number };
  webp?: { file: string; size: number };
  mp4?: { file: string; size: number };
  still?: { file: string; size: number };
  frames?: number;
  hash?: string;
}
export type StoredImages = Record<string, StoredRendition>;

export interface StoredVideo {
  duration: number;
  assets: Record<string, { file: string; width: number; height: number; size: number }>;
}

export interface ExternalMedia {
  provider_name: 'YouTube' | 'Vimeo';
  asset_uid: string;
  start: number;
  url: string;
}

export interface Cta {
  link: string;
  text: string;
}

export type GifType = 'gif' | 'sticker' | 'video' | 'emoji' | 'text';
export type { Rating } from '@loopbox/contract/common';
import type { Rating } from '@loopbox/contract/common';

/** A timestamp column: read as a Date, optional on insert (the column's default), a Date or ISO string on update. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp column that may be null (not yet verified, resolved, published…): null unless given. */
export type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A timestamp column without a default: every insert gives it. */
export type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  display_name: ColumnType<string, string | undefined, string>;
  attribution_display_name: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  avatar: string | null;
  banner: string | null;
  website_url: ColumnType<string, string | undefined, string>;
  user_type: ColumnType<string, string | undefined, string>;
  is_public: Flag;
  suppress_chrome: Flag;
  is_verified: Flag;
  is_staff: Flag;
  created_at: Timestamp;
}

export interface GifsTable {
  id: string;
  type: GifType;
  slug: string;
  title: string;
  alt_text: ColumnType<string, string | undefined, string>;
  rating: Rating;
  /** Computed from rating (migration 018): never written. */
  rating_rank: ColumnType<number | null, never, never>;
  user_id: number | null;
  source: ColumnType<string, string | undefined, string>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  featured_tags: ColumnType<string[], string[] | undefined, string[]>;
  is_hidden: Flag;
  is_removed: Flag;
  is_anonymous: Flag;
  is_community: Flag;
  is_featured: Flag;
  is_realtime: Flag;
  is_dynamic: Flag;
  is_indexable: Flag;
  is_preserve_size: Flag;
  images: JSONColumnType<StoredImages>;
  video: JSONColumnType<StoredVideo | null, string | null | undefined, string | null>;
  external_media: JSONColumnType<ExternalMedia | null, string | null | undefined, string | null>;
  cta: JSONColumnType<Cta | null, string | null | undefined, string | null>;
  emoji_group_id: number | null;
  variation: string | null;
  variation_of: string | null;
  category: string | null;
  subcategory: string | null;
  trending_datetime: MaybeTimestamp;
  import_datetime: Timestamp;
  create_datetime: Timestamp;
  update_datetime: Timestamp;
  /** The content policy's columns (migrations 010, 013 and 018; content-policy/states.ts). */
  visibility: ColumnType<Visibility, Visibility | undefined, Visibility>;
  moderation_state: ColumnType<ModerationState, ModerationState | undefined, ModerationState>;
  removal: ColumnType<Removal | null, Removal | null | undefined, Removal | null>;
  removed_at: ColumnType<Date | null, never, Date | string | null>;
  media_deleted_at: ColumnType<Date | null, never, Date | string | null>;
  decided_by: ColumnType<'moderator' | 'staff' | null, never, 'moderator' | 'staff' | null>;
  locked_fields: ColumnType<string[], never, string[]>;
  /** Computed from title and tags (migration 001); read through sql. */
  search: ColumnType<string | null, never, never>;
  /** The GIF this one was made from in the GIF maker (migration 024; made-from/credit.ts). */
  made_from: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A GIF's search columns alone, kept from `gifs` by triggers (migration 017; `search` is read through sql): never written. */
export type GifSearchTable = {
  readonly [C in 'id' | 'type' | 'is_hidden' | 'is_removed' | 'user_id' | 'import_datetime']: ColumnType<
    SelectType<GifsTable[C]>,
    never,
    never
  >;
} & { readonly rating_rank: ColumnType<number, never, never>; readonly search: ColumnType<string, never, never> };

/** The id of each `gif_search` row changed, in commit order (migration 028; search-index/follow.ts): written by triggers only. */
export interface GifSearchChangesTable {
  seq: ColumnType<string, never, never>;
  gif_id: ColumnType<string, never, never>;
}

/** The highest seq pruned from `gif_search_changes`, one row (migration 029; search-index/prune.ts). */
export interface GifSearchChangesPrunedTable {
  one: ColumnType<boolean, never, never>;
  through: ColumnType<string, never, string>;
}

export interface CategoriesTable {
  slug: string;
  name: string;
  parent_slug: string | null;
  position: number;
  featured_gif_id: string | null;
}

export interface ChannelsTable {
  id: Generated<number>;
  slug: string;
  display_name: string;
  short_display_name: ColumnType<string, string | undefined, string>;
  description: ColumnType<string, string | undefined, string>;
  type: ColumnType<string, string | undefined, string>;
  content_type: ColumnType<string, string | undefined, string>;
  parent_id: number | null;
  user_id: number | null;
  banner: string | null;
  is_visible: Flag;
  is_private: Flag;
  featured_gif_id: string | null;
  position: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface ChannelGifsTable {
  channel_id: number;
  gif_id: string;
  position: number;
}

export interface ApiKeysTable {
  key: string;
  kind: 'web' | 'mobile' | 'server';
  label: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: number;
  label: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export interface EventsTable {
  seq: ColumnType<string, never, never>;
  event_id: string;
  type: string;
  stream: string;
  stream_id: string;
  ts: Timestamp;
  payload: JSONColumnType<Record<string, unknown>>;
}

export interface PayloadSigningKeysTable {
  kid: string;
  secret: string;
  created_at: Timestamp;
}

export interface CollectorRejectsTable {
  id: ColumnType<string, never, never>;
  received_at: Timestamp;
  route: string;
  reason: string;
  api_key: string | null;
  raw: string;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** Migration 009: each GIF's wire object, built once per change (content/gif-wire.ts). */
export interface GifWireTable {
  gif_id: string;
  /** The row versions it was built from: `{gif xmin}:{user xmin or -}`. */
  source: string;
  /** Stands for the origin in `body`; replaced by the answer's origin. */
  origin_mark: string;
  /** The wire object as JSON, without analytics_response_payload. */
  body: string;
}

/** Migration 009: the trending order per list, kept by the projection runner (content/trending-order.ts). */
export interface TrendingPagesTable {
  list: string;
  pos: number;
  gif_id: string;
}

export interface TrendingListsTable {
  list: string;
  total: number;
  built_seq: ColumnType<string, string | number, string | number>;
  content_version: ColumnType<string, string | number, string | number>;
  built_at: Timestamp;
}

/** A GIF's keys in the media store (migration 025; media-store/gif-objects.ts). */
export interface GifMediaObjectsTable {
  gif_id: string;
  key: string;
}

export interface Database {
  users: UsersTable;
  gifs: GifsTable;
  gif_search: GifSearchTable;
  gif_search_changes: GifSearchChangesTable;
  gif_search_changes_pruned: GifSearchChangesPrunedTable;
  categories: CategoriesTable;
  channels: ChannelsTable;
  channel_gifs: ChannelGifsTable;
  api_keys: ApiKeysTable;
  access_tokens: AccessTokensTable;
  events: EventsTable;
  meta: MetaTable;
  payload_signing_keys: PayloadSigningKeysTable;
  collector_rejects: CollectorRejectsTable;
  gif_wire: GifWireTable;
  trending_pages: TrendingPagesTable;
  trending_lists: TrendingListsTable;
  gif_media_objects: GifMediaObjectsTable;
}
