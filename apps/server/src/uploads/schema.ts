import type { ColumnType, Kysely } from 'kysely';
import type { Database, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { Built } from '@loopbox/contract/common';
import type {
  ChosenVisibility,
  UploadFields as UploadFieldsSchema,
  UploadOrigin,
  UploadProblemCode,
  UploadState,
} from '@loopbox/contract/uploads';
import type { Language } from '@loopbox/contract/gif-management';

export type { UploadOrigin, UploadState };

/** What a creator may choose (`scheduled` is the scheduler's, content-policy/states.ts). */
export type Visibility = ChosenVisibility;

/** What the creator said about an upload before it was processed. */
export type UploadFields = Built<typeof UploadFieldsSchema>;

/** The tables and columns of migration 010 (creators). */
export type CreatorsTables = {
  users: {
    is_freelance: ColumnType<boolean, boolean | undefined, boolean>;
    music_artist_url: string | null;
    music_artist_name: string | null;
  };
  uploads: {
    id: string;
    user_id: number;
    gif_id: string;
    origin: UploadOrigin;
    state: UploadState;
    filename: ColumnType<string, string | undefined, string>;
    source_url: string | null;
    size: ColumnType<string, number | undefined, number>;
    fields: ColumnType<UploadFields, string | undefined, string>;
    progress: ColumnType<number, number | undefined, number>;
    attempts: ColumnType<number, number | undefined, number>;
    claimed_by: string | null;
    error_code: UploadProblemCode | null;
    error: string | null;
    address: ColumnType<string, string | undefined, string>;
    via: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    updated_at: Timestamp;
    finished_at: MaybeTimestamp;
  };
  gif_language_tags: { gif_id: string; lang: Language; tag: string; created_at: Timestamp };
  gif_features: { gif_id: string; features: number[]; made_at: Timestamp };
  gif_actions_daily: { gif_id: string; day: string; action: string; count: ColumnType<string, number | string, number | string> };
  gif_search_terms: { gif_id: string; term: string; views: ColumnType<string, number | string, number | string> };
};

export type CreatorsDb = Kysely<Database & CreatorsTables>;

/** The store seen with migration 010's tables. */
export function creatorsDb(db: Kysely<Database>): CreatorsDb {
  return db.withTables<CreatorsTables>();
}

/** The same connection or transaction seen without them, for code typed on the base schema (the event log). */
export function baseOf(db: CreatorsDb): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
