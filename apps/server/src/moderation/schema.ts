import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, Rating, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { AccountsTables } from '../accounts/schema.ts';
import type { CreatorsTables } from '../uploads/schema.ts';

export type { ModerationState } from '../content-policy/states.ts';

/** The tables and columns of migration 013 (moderation). */
export type ModerationTables = {
  gifs: {
    nsfw_score: number | null;
    suggested_rating: Rating | null;
  };
  users: { suspended_at: MaybeTimestamp };
  gif_reports: {
    id: ColumnType<string, never, never>;
    gif_id: string;
    reporter: string;
    reason: string;
    note: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    resolved_at: MaybeTimestamp;
    resolution: string | null;
  };
  search_reports: {
    id: ColumnType<string, never, never>;
    reporter: string;
    reasons: string[];
    additional_info: ColumnType<string, string | undefined, string>;
    search_response_id: ColumnType<string, string | undefined, string>;
    search_term: string;
    search_content_type: string;
    created_at: Timestamp;
  };
  takedowns: {
    id: Generated<string>;
    state: 'applied' | 'owners_mailed';
    send_email: boolean;
    note: ColumnType<string, string | undefined, string>;
    filed_by: number | null;
    created_at: Timestamp;
  };
  takedown_items: { takedown_id: string; gif_id: string; reason: string; owner_id: number | null };
  blocked_trending_terms: { term: string; blocked_by: number | null; created_at: Timestamp };
  /** Migration 019: terms staff let into trending searches while review is on. */
  approved_trending_terms: { term: string; approved_by: number | null; created_at: Timestamp };
};

export type ModerationDb = Kysely<Database & AccountsTables & CreatorsTables & ModerationTables>;

/** The store seen with the accounts', creators' and moderation's tables. */
export function moderationDb(db: Kysely<Database>): ModerationDb {
  return db.withTables<AccountsTables & CreatorsTables & ModerationTables>();
}

/** The same connection or transaction seen on the base schema (the event log, the outbox helpers). */
export function baseOfModeration(db: ModerationDb): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
