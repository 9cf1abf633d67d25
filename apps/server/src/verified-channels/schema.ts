import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AccountsTables } from '../accounts/schema.ts';
import type { Database, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { ApplicationState } from './constants.ts';
import type { Built } from '@loopbox/contract/common';
import type { ApplicationExample as ApplicationExampleSchema } from '@loopbox/contract/verified-channels';

/** One example of an applicant's work: the URL as given (or this site's GIF page), and the GIF's id when it is one of this site's. */
export type ApplicationExample = Built<typeof ApplicationExampleSchema>;

/** The table of migration 022 (verified-channel applications). */
export type ChannelApplicationsTables = {
  channel_applications: {
    id: Generated<string>;
    user_id: number;
    name: string;
    links: ColumnType<string[], string, string>;
    examples: ColumnType<ApplicationExample[], string, string>;
    why: string;
    state: ColumnType<ApplicationState, ApplicationState | undefined, ApplicationState>;
    created_at: Timestamp;
    decided_by: number | null;
    decision_note: ColumnType<string, string | undefined, string>;
    decided_at: MaybeTimestamp;
  };
};

export type ChannelsApplyDb = Kysely<Database & AccountsTables & ChannelApplicationsTables>;

/** The store seen with migration 022's table. */
export function applicationsDb(db: Kysely<Database>): ChannelsApplyDb {
  return db.withTables<AccountsTables & ChannelApplicationsTables>();
}

export function baseOfApplications(db: ChannelsApplyDb): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
