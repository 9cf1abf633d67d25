import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, Timestamp } from '../store/schema.ts';
import type { FeedSource } from './constants.ts';

/** The channel tables and columns of migration 011. */
export type ChannelTables = {
  /** Columns added to channels. */
  channels: {
    flush_uuid: ColumnType<string, string | undefined, string>;
    avatar: string | null;
    is_live: ColumnType<boolean, boolean | undefined, boolean>;
    updated_at: Timestamp;
  };
  /** Columns added to channel_gifs. */
  channel_gifs: {
    source: ColumnType<FeedSource, FeedSource | undefined, FeedSource>;
    added_at: Timestamp;
  };
  channel_gif_removals: { channel_id: number; gif_id: string; removed_at: Timestamp };
  channel_ranked_tags: { id: Generated<number>; channel_id: number; tag: string; rank: number };
  channel_magic_tags: { id: Generated<number>; channel_id: number; tag: string; created_at: Timestamp };
};

export type ChannelsDb = Kysely<Database & ChannelTables>;

export function channelsDb(db: Kysely<Database>): ChannelsDb {
  return db.withTables<ChannelTables>();
}
