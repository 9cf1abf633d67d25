import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, Timestamp, MaybeTimestamp } from '../store/schema.ts';
import type { AccountsTables } from '../accounts/schema.ts';
import type { AnalyticsTables } from '../analytics/schema.ts';
import type { AppPlatform, KeyTier } from './constants.ts';

/** The tables and columns of migration 015 (developer apps and keys, their usage projections). */
export type DevelopersTables = {
  developer_apps: {
    id: Generated<string>;
    owner_id: number;
    name: string;
    description: ColumnType<string, string | undefined, string>;
    platform: AppPlatform;
    tier: ColumnType<KeyTier, KeyTier | undefined, KeyTier>;
    created_at: Timestamp;
  };
  api_keys: {
    key: string;
    kind: 'web' | 'mobile' | 'server' | 'app';
    label: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    revoked_at: MaybeTimestamp;
    id: Generated<string>;
    app_id: string | null;
    expires_at: MaybeTimestamp;
  };
  production_requests: {
    id: Generated<string>;
    app_id: string;
    requested_by: number | null;
    note: ColumnType<string, string | undefined, string>;
    created_at: Timestamp;
    decision: 'approved' | 'refused' | null;
    decided_by: number | null;
    decision_note: ColumnType<string, string | undefined, string>;
    decided_at: MaybeTimestamp;
  };
  api_key_hourly_calls: { key: string; hour: Date; calls: number };
};

/** The usage projections (api_usage_daily, api_pingbacks_daily) are typed with the other projections in analytics/schema.ts. */
export type DevelopersDb = Kysely<Omit<Database, 'api_keys'> & AccountsTables & AnalyticsTables & DevelopersTables>;

/** The store seen with migration 015's tables. */
export function developersDb(db: Kysely<Database>): DevelopersDb {
  return db as unknown as DevelopersDb;
}

export function baseOf(db: DevelopersDb): Kysely<Database> {
  return db as unknown as Kysely<Database>;
}
