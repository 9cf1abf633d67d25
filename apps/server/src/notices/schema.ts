import type { Generated, Kysely } from 'kysely';
import type { Database, GivenTimestamp, MaybeTimestamp } from '../store/schema.ts';
import type { AccountsTables } from '../accounts/schema.ts';
import type { NoticeKind } from './constants.ts';

/** Migration 023's table. */
export type NoticesTables = {
  notifications: {
    id: Generated<string>;
    event_id: string;
    user_id: number;
    gif_id: string;
    kind: NoticeKind;
    reason: string;
    rating: string | null;
    /** Dated by the event that caused it. */
    created_at: GivenTimestamp;
    read_at: MaybeTimestamp;
  };
};

export type NoticesDb = Kysely<Database & AccountsTables & NoticesTables>;

export function noticesDb(db: Kysely<Database>): NoticesDb {
  return db.withTables<AccountsTables & NoticesTables>();
}
