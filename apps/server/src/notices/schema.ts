import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, MaybeTimestamp } from '../store/schema.ts';
import type { AccountsTables } from '../accounts/schema.ts';
import type { NoticeKind } from './constants.ts';

/** Given on every insert: a notice is dated by the event that caused it (the column has no default). */
type GivenTimestamp = ColumnType<Date, Date | string, Date | string>;

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
    created_at: GivenTimestamp;
    read_at: MaybeTimestamp;
  };
};

export type NoticesDb = Kysely<Database & AccountsTables & NoticesTables>;

export function noticesDb(db: Kysely<Database>): NoticesDb {
  return db.withTables<AccountsTables & NoticesTables>();
}
