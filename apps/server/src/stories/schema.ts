import type { ColumnType, Kysely } from 'kysely';
import type { Database, GivenTimestamp, Timestamp, MaybeTimestamp } from '../store/schema.ts';

/** The stories tables of migration 012. */
export type StoriesTables = {
  stories: {
    id: ColumnType<string, string | undefined, never>;
    seq: ColumnType<string, never, never>;
    user_id: number;
    slug: string;
    title: string;
    description: ColumnType<string, string | undefined, string>;
    cover_gif_id: string | null;
    is_published: ColumnType<boolean, boolean | undefined, boolean>;
    published_at: MaybeTimestamp;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  story_gifs: { story_id: string; position: number; gif_id: string; caption: ColumnType<string, string | undefined, string> };
  trending_stories: { story_id: string; publish_datetime: GivenTimestamp; added_by: number | null; created_at: Timestamp };
};

export type StoriesDb = Kysely<Database & StoriesTables>;

export function storiesDb(db: Kysely<Database>): StoriesDb {
  return db.withTables<StoriesTables>();
}
