/**
 * The hand-kept table types (store/schema.ts and each feature's schema.ts, which type JSON columns,
 * closed sets and never-inserted columns more narrowly than SQL can say) checked against the types
 * kysely-codegen generates from the migrations (store/generated/database.ts, itself checked by
 * store/database-types.test.ts). `npm run typecheck` fails here, naming `table.column`, when a
 * migration adds, drops or changes a column the hand-kept types do not follow.
 */
import type { Insertable, Selectable } from 'kysely';
import type { AccountsTables } from '../../apps/server/src/accounts/schema.ts';
import type { AnalyticsTables } from '../../apps/server/src/analytics/schema.ts';
import type { ChannelTables } from '../../apps/server/src/channels/schema.ts';
import type { DevelopersTables } from '../../apps/server/src/developers/schema.ts';
import type { JobsTables } from '../../apps/server/src/jobs/schema.ts';
import type { ModerationTables } from '../../apps/server/src/moderation/schema.ts';
import type { NoticesTables } from '../../apps/server/src/notices/schema.ts';
import type { SchedulerTables } from '../../apps/server/src/scheduler/schema.ts';
import type { StoriesTables } from '../../apps/server/src/stories/schema.ts';
import type { DB, Json } from '../../apps/server/src/store/generated/database.ts';
import type { Database } from '../../apps/server/src/store/schema.ts';
import type { CreatorsTables } from '../../apps/server/src/uploads/schema.ts';
import type { ChannelApplicationsTables } from '../../apps/server/src/verified-channels/schema.ts';

/** Every table as the features see it together (what `withTables` merges, table by table). */
type Kept = Database &
  AccountsTables &
  AnalyticsTables &
  ChannelTables &
  DevelopersTables &
  JobsTables &
  ModerationTables &
  NoticesTables &
  SchedulerTables &
  StoriesTables &
  CreatorsTables &
  ChannelApplicationsTables;

type Column<T, C> = `${T & string}.${C & string}`;
type Read<Table, C> = Selectable<Table>[C & keyof Selectable<Table>];
type Nullable<T> = null extends T ? true : false;
/** An insert must give the column: it is in the insert type and not optional there. */
type Required<Table, C> = C extends keyof Insertable<Table> ? (object extends Pick<Insertable<Table>, C> ? false : true) : false;

/** Tables and columns one side has and the other does not. */
type Missing =
  | Exclude<keyof DB, keyof Kept>
  | { [T in keyof DB & keyof Kept]: Column<T, Exclude<keyof DB[T], keyof Kept[T]> | Exclude<keyof Kept[T], keyof DB[T]>> }[keyof DB &
      keyof Kept];

/**
 * Whether a kept column says what the database holds: what it reads is what the column holds or
 * narrower, null on both sides or neither (a JSON column's shape, null included, is the kept type's
 * to say: the generated `Json` holds null either way), and an insert may leave it out only when the
 * database fills it (never-inserted columns have no insert).
 */
type ColumnAgrees<G, K, C> = (Json extends Read<G, C> ? true : ReadAgrees<Read<G, C>, Read<K, C>>) extends true
  ? InsertAgrees<G, K, C>
  : false;
type ReadAgrees<G, K> = [K] extends [G] ? (Nullable<G> extends Nullable<K> ? true : false) : false;
type InsertAgrees<G, K, C> = Required<G, C> extends true ? (C extends keyof Insertable<K> ? Required<K, C> : true) : true;

type Disagreeing = {
  [T in keyof DB & keyof Kept]: {
    [C in keyof DB[T] & keyof Kept[T]]: ColumnAgrees<DB[T], Kept[T], C> extends true ? never : Column<T, C>;
  }[keyof DB[T] & keyof Kept[T]];
}[keyof DB & keyof Kept];

type Agrees<Problems extends never> = Problems;
export type TablesAgree = Agrees<Missing>;
export type ColumnsAgree = Agrees<Disagreeing>;
